// The home page's behaviour: the interactive reference (Swagger UI, from the service's own
// /openapi.json), the sign-up form that hands its key to the reference, and the copy buttons.
// Loaded as a file (never inline) so the page's Content-Security-Policy needs no exception.
'use strict';

(() => {
  const bearerScheme = document.body.dataset.bearerScheme;
  const byId = (id) => document.getElementById(id);
  let reference = null;
  let pendingKey = null;

  /**
   * Swagger UI fills every parameter's example into "try it", but an operation's optional
   * parameters are often alternatives (id, ids, set or q): only the first keeps its example, so
   * pressing Execute works at once.
   */
  function oneExamplePerOperation(paths) {
    for (const operations of Object.values(paths ?? {})) {
      for (const operation of Object.values(operations)) {
        const optional = (operation.parameters ?? []).filter((parameter) => !parameter.required && ('example' in parameter || 'examples' in parameter));
        for (const parameter of optional.slice(1)) {
          delete parameter.example;
          delete parameter.examples;
        }
      }
    }
  }

  /** The document as the page shows it: "try it" calls go to the server the page came from. */
  function forThisPage(spec) {
    const here = window.location.origin;
    const others = (spec.servers ?? []).filter((server) => server.url !== here);
    oneExamplePerOperation(spec.paths);
    return { ...spec, servers: [{ url: here, description: 'this server' }, ...others] };
  }

  function authorize(key) {
    if (reference) reference.preauthorizeApiKey(bearerScheme, key);
    else pendingKey = key;
  }

  async function startReference() {
    const response = await fetch('/openapi.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
    reference = window.SwaggerUIBundle({
      spec: forThisPage(await response.json()),
      dom_id: '#swagger-ui',
      presets: [window.SwaggerUIBundle.presets.apis],
      layout: 'BaseLayout',
      deepLinking: true,
      tryItOutEnabled: true,
      displayRequestDuration: true,
      persistAuthorization: false,
      validatorUrl: null,
      onComplete: () => {
        if (pendingKey) reference.preauthorizeApiKey(bearerScheme, pendingKey);
        pendingKey = null;
      },
    });
  }

  function showError(message) {
    const error = byId('key-error');
    error.textContent = message;
    error.hidden = false;
  }

  async function requestKey(event) {
    event.preventDefault();
    const form = event.currentTarget;
    const button = form.querySelector('button[type="submit"]');
    const email = form.elements.email.value.trim();
    const source = form.elements.source.value.trim();
    byId('key-error').hidden = true;
    button.disabled = true;
    try {
      const response = await fetch('/v1/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(source ? { email, source } : { email }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.status !== 201) {
        // The API's own sentence (409: the email has a key; 429: this address made too many today).
        showError(body.error ?? `The service answered ${response.status}; try again shortly.`);
        return;
      }
      byId('new-key').textContent = body.key;
      byId('try-it').textContent = body.try_it;
      const config = byId('mcp-config');
      config.textContent = config.textContent.replace('<your key>', body.key);
      byId('key-result').hidden = false;
      form.hidden = true;
      authorize(body.key);
    } catch {
      showError('The service could not be reached; check the connection and try again.');
    } finally {
      button.disabled = false;
    }
  }

  /** Copies the text of the element a button names; without a clipboard (plain HTTP), selects it instead. */
  async function copy(event) {
    const button = event.target.closest('button[data-copy]');
    if (!button) return;
    const target = byId(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(target.textContent);
      button.textContent = 'Copied';
    } catch {
      window.getSelection().selectAllChildren(target);
      button.textContent = 'Selected: press Ctrl+C';
    }
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  }

  byId('key-form').addEventListener('submit', requestKey);
  document.addEventListener('click', copy);
  startReference().catch((error) => {
    byId('swagger-ui').textContent = `The reference could not be loaded: ${error.message}`;
  });
})();
