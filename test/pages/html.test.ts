import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cardImage } from '../../src/pages/cardImage.js';
import { html, raw } from '../../src/pages/html.js';

describe('the pages\' HTML', () => {
  it('escapes every interpolated value but fragments and raw text', () => {
    const name = `<script>alert("x")</script> & 'y'`;
    assert.equal(html`<p title="${name}">${name}</p>`.text,
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;</p>');
    assert.equal(html`<ul>${['a<', 'b'].map((item) => html`<li>${item}</li>`)}</ul>`.text, '<ul><li>a&lt;</li><li>b</li></ul>');
    assert.equal(html`${null}${undefined}${false}${0}${raw('<br>')}`.text, '0<br>');
  });

  it('a card without an image gets the placeholder box, named, with no <img> to fail', () => {
    const box = cardImage(null, 'Pikachu, Base Set 58/102', 'small').text;
    assert.doesNotMatch(box, /<img/);
    assert.match(box, /^<span class="card-img small missing" role="img" aria-label="Pikachu, Base Set 58\/102 \(no image\)">/);
    const image = cardImage('https://assets.tcgdex.net/en/base/base1/58/low.webp', 'Pikachu, Base Set 58/102', 'small').text;
    assert.match(image, /<img src="https:\/\/assets\.tcgdex\.net\/en\/base\/base1\/58\/low\.webp" alt="Pikachu, Base Set 58\/102" width="245" height="337" loading="lazy"/);
  });
});
