import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type TransportOptions, type Transporter } from 'nodemailer';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../db/client.ts';
import { enviosCorreo } from '../db/schema/index.ts';

/** Waits after the 1st, 2nd… failed attempt; after the last one the message stays FALLIDO. */
export const ESPERAS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000] as const;
export const MAX_INTENTOS = ESPERAS_MS.length + 1;
/** Messages sent per pass (the rest wait for the next one). */
const LOTE = 20;

export interface Mensaje {
  destinatario: string;
  asunto: string;
  texto: string;
  html?: string | null;
  adjuntos?: { filename: string; contentType: string; path: string }[] | null;
  /** Why (e.g. 'alarma:12'): one message per reason and recipient, however often it is queued. */
  motivo: string;
}

/** Queues messages (inside the caller's transaction: `db` may be a tx); duplicates are ignored. */
export async function encolarCorreos(db: Db, mensajes: readonly Mensaje[]): Promise<number> {
  if (mensajes.length === 0) return 0;
  const rows = await db
    .insert(enviosCorreo)
    .values(
      mensajes.map((m) => ({
        destinatario: m.destinatario,
        asunto: m.asunto,
        texto: m.texto,
        html: m.html ?? null,
        adjuntos: m.adjuntos ?? null,
        motivo: m.motivo,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: enviosCorreo.id });
  return rows.length;
}

export interface CorreoOptions {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…); unset: nothing is queued or sent. */
  smtpUrl: string | undefined;
  from: string;
  logger: Logger;
}

/**
 * The outbox's sender: takes the due messages (a lease moves their next attempt ahead, so two
 * servers never send one twice), sends them over SMTP (nodemailer), and on failure schedules the
 * next attempt with backoff; after MAX_INTENTOS the message is FALLIDO and admins see why.
 */
export class Correo {
  private transport: Transporter | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: CorreoOptions,
  ) {}

  get activo(): boolean {
    return Boolean(this.options.smtpUrl);
  }

  private transporte(): Transporter {
    this.transport ??= nodemailer.createTransport({
      url: this.options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as TransportOptions);
    return this.transport;
  }

  /** Sends what is due at `ahora`; returns how many went out and how many failed this pass. */
  async enviarPendientes(ahora = new Date()): Promise<{ enviados: number; fallidos: number }> {
    if (!this.activo) return { enviados: 0, fallidos: 0 };
    const lease = new Date(ahora.getTime() + 5 * 60_000);
    const due = await this.db.transaction(async (tx) => {
      const ids = await tx
        .select({ id: enviosCorreo.id })
        .from(enviosCorreo)
        // Due at `ahora`, or now by the database clock (what was queued a moment ago is due).
        .where(
          and(
            eq(enviosCorreo.estado, 'PENDIENTE'),
            lte(enviosCorreo.proximoIntento, sql`greatest(now(), ${ahora.toISOString()}::timestamptz)`),
          ),
        )
        .orderBy(asc(enviosCorreo.id))
        .limit(LOTE)
        .for('update', { skipLocked: true });
      if (ids.length === 0) return [];
      return tx
        .update(enviosCorreo)
        .set({ proximoIntento: lease })
        .where(
          inArray(
            enviosCorreo.id,
            ids.map((r) => r.id),
          ),
        )
        .returning();
    });
    let enviados = 0;
    let fallidos = 0;
    for (const m of due.sort((a, b) => a.id - b.id)) {
      try {
        await this.transporte().sendMail({
          from: this.options.from,
          to: m.destinatario,
          subject: m.asunto,
          text: m.texto,
          html: m.html ?? undefined,
          attachments: m.adjuntos?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            path: a.path,
          })),
        });
        await this.db
          .update(enviosCorreo)
          .set({
            estado: 'ENVIADO',
            enviadoAt: new Date(),
            intentos: sql`${enviosCorreo.intentos} + 1`,
            proximoIntento: null,
          })
          .where(eq(enviosCorreo.id, m.id));
        enviados += 1;
      } catch (error) {
        fallidos += 1;
        const intentos = m.intentos + 1;
        const espera = ESPERAS_MS[intentos - 1];
        const mensaje = (error as Error).message.slice(0, 500);
        await this.db
          .update(enviosCorreo)
          .set({
            intentos,
            ultimoError: mensaje,
            estado: espera === undefined ? 'FALLIDO' : 'PENDIENTE',
            proximoIntento: espera === undefined ? null : new Date(ahora.getTime() + espera),
          })
          .where(eq(enviosCorreo.id, m.id));
        this.options.logger.warn(
          { envio: m.id, destinatario: m.destinatario, intentos, error: mensaje },
          espera === undefined
            ? 'correo no enviado: se agotaron los reintentos'
            : 'correo no enviado: se reintentará',
        );
      }
    }
    return { enviados, fallidos };
  }

  close(): void {
    this.transport?.close();
    this.transport = undefined;
  }
}
