import path from 'node:path';
// The client's packages, not node-opcua's whole (its server, address space and nodesets are the
// simulator's, on its own thread): ≈ 0.2 s less of the main thread as the server starts.
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import {
  AttributeIds,
  type ClientSession,
  type ClientSubscription,
  type DataValue,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  TimestampsToReturn,
} from 'node-opcua-client';
import type { OpcuaSecurity } from '../config.ts';

/** Without security the policy is None whatever was configured (a mismatch is refused by the server). */
export function effectiveSecurity(
  security: OpcuaSecurity | undefined,
): OpcuaSecurity | { mode: 'None'; policy: 'None' } {
  return !security || security.mode === 'None' ? { mode: 'None', policy: 'None' } : security;
}

export interface OpcSessionOptions {
  endpoint: string;
  /** See CollectorOptions.security. */
  security?: OpcuaSecurity;
  dataDir: string;
  /** The nodes to monitor, read when subscribing. */
  nodeIds(): string[];
  /** A good numeric value of a monitored node, at its source timestamp (ms). */
  onSample(nodeId: string, t: number, value: number): void;
  onConnectionLost(): void;
  onConnectionRestored(): void;
}

/**
 * The OPC UA client, its session with the plant's server and the one subscription (1 s publishing,
 * each change pushed as it happens) to the line tags and variables. Read-only: it never writes to
 * the PLC nor calls methods.
 */
export class OpcSession {
  private client: OPCUAClient | undefined;
  private current: ClientSession | undefined;
  private subscription: ClientSubscription | undefined;

  constructor(private readonly options: OpcSessionOptions) {}

  get session(): ClientSession | undefined {
    return this.current;
  }

  security(): OpcuaSecurity | { mode: 'None'; policy: 'None' } {
    return effectiveSecurity(this.options.security);
  }

  /** Creates the client (certificates in DATA_DIR/pki-colector), not yet connected. */
  create(): void {
    const { mode, policy } = this.security();
    const certificateManager = new OPCUACertificateManager({
      rootFolder: path.join(this.options.dataDir, 'pki-colector'),
      // Without security nothing is verified; with it, only a server certificate the
      // administrator trusted (pki-colector/trusted/certs) is accepted.
      automaticallyAcceptUnknownCertificate: mode === 'None',
    });
    const client = OPCUAClient.create({
      applicationName: 'Planta colector',
      endpointMustExist: false,
      securityMode: MessageSecurityMode[mode],
      securityPolicy: SecurityPolicy[policy],
      clientCertificateManager: certificateManager,
      keepSessionAlive: true,
      requestedSessionTimeout: 60_000,
      connectionStrategy: {
        initialDelay: 1_000,
        maxDelay: 15_000,
        maxRetry: 1_000_000,
        randomisationFactor: 0.2,
      },
    });
    this.client = client;
    client.on('connection_lost', () => this.options.onConnectionLost());
    client.on('connection_reestablished', () => this.options.onConnectionRestored());
  }

  /** Connects the client `create` made and opens the session. */
  async open(): Promise<ClientSession> {
    const client = this.client;
    if (!client) throw new Error('OpcSession.open sin create');
    await client.connect(this.options.endpoint);
    this.current = await client.createSession();
    return this.current;
  }

  async subscribe(session: ClientSession): Promise<void> {
    const subscription = await session.createSubscription2({
      requestedPublishingInterval: 1_000,
      requestedLifetimeCount: 600,
      requestedMaxKeepAliveCount: 10,
      maxNotificationsPerPublish: 0,
      publishingEnabled: true,
      priority: 10,
    });
    this.subscription = subscription;
    const ids = this.options.nodeIds();
    const group = await subscription.monitorItems(
      ids.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
      // 0: the server pushes each update as it happens (≈ 0.1 s instead of ≈ 1.2 s with a timer).
      { samplingInterval: 0, queueSize: 10, discardOldest: true },
      TimestampsToReturn.Source,
    );
    group.on('changed', (_item, dataValue: DataValue, index: number) => {
      const nodeId = ids[index];
      if (nodeId) this.onChanged(nodeId, dataValue);
    });
  }

  /** Ends the subscription and subscribes again (to the nodes `nodeIds` gives now). */
  async resubscribe(session: ClientSession): Promise<void> {
    const old = this.subscription;
    this.subscription = undefined;
    await old?.terminate().catch(() => {});
    await this.subscribe(session);
  }

  private onChanged(nodeId: string, dataValue: DataValue): void {
    const raw = dataValue.value?.value as unknown;
    if (typeof raw !== 'number' || !Number.isFinite(raw) || !dataValue.statusCode.isGood()) return;
    const t = dataValue.sourceTimestamp?.getTime() ?? Date.now();
    this.options.onSample(nodeId, t, raw);
  }

  async close(): Promise<void> {
    const session = this.current;
    const client = this.client;
    this.current = undefined;
    this.client = undefined;
    this.subscription = undefined;
    try {
      await session?.close();
    } catch {
      // already gone
    }
    try {
      await client?.disconnect();
    } catch {
      // already gone
    }
  }
}
