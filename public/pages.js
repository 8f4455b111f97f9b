// The catalog's pages: every page works without this script. With it, an image that fails to load
// becomes the placeholder of its box, and the search box suggests names as one types.
'use strict';

(function () {
  // Loaded in <head> without defer, so this listener sees every image's error, even the early ones.
  document.addEventListener('error', function (event) {
    var img = event.target;
    if (!(img instanceof HTMLImageElement)) return;
    if (img.parentElement && img.parentElement.classList.contains('card-img')) showPlaceholder(img);
    else if (img.classList.contains('logo') || img.classList.contains('symbol')) showAltText(img);
  }, true);

  function showPlaceholder(img) {
    var box = img.parentElement;
    box.classList.add('missing');
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', img.alt + ' (image not available)');
    var name = document.createElement('span');
    name.setAttribute('aria-hidden', 'true');
    name.textContent = img.alt;
    var note = document.createElement('span');
    note.className = 'no-image';
    note.setAttribute('aria-hidden', 'true');
    note.textContent = 'image not available';
    box.replaceChildren(name, note);
  }

  // A set's logo or symbol that fails to load: its name in words instead of a broken image.
  function showAltText(img) {
    var text = document.createElement('span');
    text.className = img.className + ' missing-text';
    text.textContent = img.alt;
    img.replaceWith(text);
  }

  var DEBOUNCE_MS = 200;

  function suggestAsYouType(input) {
    var list = document.getElementById(input.getAttribute('list'));
    var url = input.dataset.suggest;
    if (!list || !url) return;
    var timer = 0;
    var asked = '';
    input.addEventListener('input', function () {
      clearTimeout(timer);
      var typed = input.value.trim();
      if (typed.length < 2 || typed === asked) return;
      timer = setTimeout(function () {
        asked = typed;
        fetch(url + '?q=' + encodeURIComponent(typed), { headers: { accept: 'application/json' } })
          .then(function (response) { return response.ok ? response.json() : { data: [] }; })
          .then(function (body) {
            if (input.value.trim() !== typed) return;
            list.replaceChildren.apply(list, body.data.map(function (name) {
              var option = document.createElement('option');
              option.value = name;
              return option;
            }));
          })
          .catch(function () { /* no suggestions: the search still works */ });
      }, DEBOUNCE_MS);
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('input[data-suggest]').forEach(suggestAsYouType);
    // An image that failed before this page's parts were known.
    document.querySelectorAll('.card-img img').forEach(function (img) {
      if (img.complete && img.naturalWidth === 0 && img.getAttribute('loading') !== 'lazy') showPlaceholder(img);
    });
  });
})();
