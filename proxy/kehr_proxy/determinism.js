/* Kehr determinism shim, injected first into every archived HTML page at record AND
   replay time with the same values, so script-generated URLs (cache-busters, random
   ids) repeat and replay finds them in the archive.
   Seeds Math.random, crypto.getRandomValues and crypto.randomUUID from the page URL;
   freezes Date (new Date(), Date.now()) at the capture time. performance.now() is left
   running so animations and timers still work. */
(function (seed, frozen) {
  "use strict";
  var s = seed >>> 0;
  function next() { /* mulberry32 */
    s = (s + 0x6D2B79F5) >>> 0;
    var t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  Math.random = next;
  var c = window.crypto;
  if (c) {
    var fill = function (array) {
      var bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (var i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
      return array;
    };
    try { c.getRandomValues = fill; } catch (e) {}
    try {
      c.randomUUID = function () {
        var b = fill(new Uint8Array(16)), h = [];
        b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
        for (var i = 0; i < 16; i++) h.push((b[i] + 0x100).toString(16).slice(1));
        return h.slice(0, 4).join("") + "-" + h.slice(4, 6).join("") + "-" +
          h.slice(6, 8).join("") + "-" + h.slice(8, 10).join("") + "-" + h.slice(10).join("");
      };
    } catch (e) {}
  }
  var RealDate = Date;
  function FrozenDate() {
    var args = Array.prototype.slice.call(arguments);
    if (!(this instanceof FrozenDate)) return new RealDate(frozen).toString();
    if (args.length === 0) return new RealDate(frozen);
    return new (Function.prototype.bind.apply(RealDate, [null].concat(args)))();
  }
  FrozenDate.prototype = RealDate.prototype;
  FrozenDate.now = function () { return frozen; };
  FrozenDate.parse = RealDate.parse;
  FrozenDate.UTC = RealDate.UTC;
  window.Date = FrozenDate;
})(__KEHR_SEED__, __KEHR_TIME__);
