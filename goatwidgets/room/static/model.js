// The model shim: anywidget's model as a game's module sees it (get, set, save_changes, send,
// on, off, widget_manager), over the room's socket. The room's "traits" messages set its values
// through update(), which fires "change:<name>" with no arguments (a module reads model.get)
// for each value that changed; send(content) hands the page's message to `post`.
/** anywidget's model, over the room's socket. */
export class Model {
  constructor(post) {
    this.values = {};
    this.handlers = new Map();
    this.post = post;
  }
  get(name) { return this.values[name]; }
  /** The page never sets a trait (it sends messages): a value set here stays on this page. */
  set(name, value) { this.values[name] = value; }
  save_changes() {}
  send(content, callbacks, buffers) { this.post({ type: "page", content }); }
  on(event, callback) {
    for (const name of String(event).split(/\s+/)) {
      if (!this.handlers.has(name)) this.handlers.set(name, new Set());
      this.handlers.get(name).add(callback);
    }
  }
  off(event, callback) {
    if (event == null) { this.handlers.clear(); return; }
    for (const name of String(event).split(/\s+/)) {
      if (callback == null) this.handlers.delete(name);
      else this.handlers.get(name)?.delete(callback);
    }
  }
  get widget_manager() {
    return { get_model: async () => { throw new Error("a room's page has no other widgets"); } };
  }
  fire(event, ...args) {
    for (const callback of [...(this.handlers.get(event) || [])]) {
      try { callback(...args); } catch (err) { console.error(err); }
    }
  }
  /** New values from the room: only those that changed fire their change event. */
  update(traits) {
    const changed = [];
    for (const [name, value] of Object.entries(traits || {})) {
      if (JSON.stringify(this.values[name]) !== JSON.stringify(value)) {
        this.values[name] = value;
        changed.push(name);
      }
    }
    for (const name of changed) this.fire(`change:${name}`);
    if (changed.length) this.fire("change");
  }
}

