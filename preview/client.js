// Draws Discord timestamps (<t:UNIX:STYLE>) in the reader's locale, and keeps relative ones ("in 42 seconds") counting.
(function () {
  var DATE = { t: { hour: 'numeric', minute: '2-digit' }, T: { hour: 'numeric', minute: '2-digit', second: '2-digit' }, d: { year: 'numeric', month: '2-digit', day: '2-digit' }, D: { year: 'numeric', month: 'long', day: 'numeric' }, f: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }, F: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' } };
  var UNITS = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
  var rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  function relative(unix) {
    var diff = unix - Date.now() / 1000;
    var abs = Math.abs(diff);
    for (var i = 0; i < UNITS.length; i++) {
      var u = UNITS[i];
      if (abs >= u[1] || u[0] === 'second') return rtf.format(Math.round(diff / u[1]), u[0]);
    }
  }
  function draw() {
    var all = document.querySelectorAll('.ts');
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      var unix = Number(el.getAttribute('data-unix'));
      var style = el.getAttribute('data-style');
      el.textContent = style === 'R' ? relative(unix) : new Intl.DateTimeFormat('en-US', DATE[style] || DATE.f).format(new Date(unix * 1000));
    }
  }
  document.addEventListener('DOMContentLoaded', function () { draw(); setInterval(draw, 1000); });
})();
