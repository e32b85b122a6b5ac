/**
 * An IntersectionObserver a test drives (`vi.stubGlobal('IntersectionObserver', ObservadorFalso)`):
 * `acercar()` tells an observer its elements are near the view. `todos` holds every observer made
 * since the last `ObservadorFalso.todos = []`.
 */
export class ObservadorFalso {
  static todos: ObservadorFalso[] = [];
  observados: Element[] = [];
  constructor(
    private readonly avisar: IntersectionObserverCallback,
    readonly opciones?: IntersectionObserverInit,
  ) {
    ObservadorFalso.todos.push(this);
  }
  observe(el: Element) {
    this.observados.push(el);
  }
  disconnect() {
    this.observados = [];
  }
  acercar() {
    this.avisar(
      this.observados.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}
