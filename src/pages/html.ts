/**
 * HTML built from template literals: every interpolated value is escaped unless it is Html already
 * (a fragment built the same way, or raw() text the caller vouches for). Arrays are joined.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SPECIAL = /[&<>"']/g;

export function escapeHtml(text: string): string {
  return text.replace(SPECIAL, (c) => ESCAPES[c]!);
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return (value as readonly Value[]).map(render).join('');
  return escapeHtml(String(value));
}

/** A fragment: `html\`<p>${name}</p>\`` escapes name; null, undefined and false render nothing. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let text = strings[0]!;
  for (let i = 0; i < values.length; i++) text += render(values[i]!) + strings[i + 1]!;
  return new Html(text);
}

/** Text already HTML (a constant of ours); never a value from a request or the catalog. */
export function raw(text: string): Html {
  return new Html(text);
}
