/// The dashboard's one script, served as `/assets/app.<hash>.js`. Everything works without
/// it; it only adds: lists and threads marked `data-live` reload their region every 5 s while
/// the tab is visible (with `X-Live-Refresh: 1`, so a refresh does not count as reading), forms marked `data-confirm` ask first, and a form disables its
/// buttons once submitted so a double click sends it once; a field marked `data-count`
/// (`bytes` in UTF-8, or `characters`) with a `data-limit` keeps its counter hint current while
/// typing, the server's count deciding. On the hosted roadmap it also
/// exchanges a handoff code from the address's fragment for a session.
enum DashboardScript {
    static let js = """
        (function () {
          "use strict";
          document.addEventListener("submit", function (event) {
            var form = event.target;
            var question = form.getAttribute("data-confirm");
            if (question && !window.confirm(question)) { event.preventDefault(); return; }
            window.setTimeout(function () {
              form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
            }, 0);
          });
          var live = document.querySelectorAll("[data-live]");
          if (!live.length) { return; }
          function refresh() {
            if (document.hidden) { return; }
            fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html", "X-Live-Refresh": "1" } })
              .then(function (r) { return r.ok ? r.text() : null; })
              .then(function (text) {
                if (!text) { return; }
                var page = new DOMParser().parseFromString(text, "text/html");
                live.forEach(function (region) {
                  var fresh = page.getElementById(region.id);
                  if (fresh && fresh.innerHTML !== region.innerHTML) {
                    var active = document.activeElement;
                    if (active && region.contains(active)) { return; }
                    region.innerHTML = fresh.innerHTML;
                  }
                });
              })
              .catch(function () {});
          }
          window.setInterval(refresh, 5000);
        })();
        (function () {
          "use strict";
          document.querySelectorAll("[data-count][data-limit]").forEach(function (field) {
            var hint = document.getElementById(field.id + "-hint");
            if (!hint) { return; }
            var limit = parseInt(field.getAttribute("data-limit"), 10);
            var bytes = field.getAttribute("data-count") === "bytes";
            field.addEventListener("input", function () {
              var n = bytes ? new TextEncoder().encode(field.value).length : Array.from(field.value).length;
              hint.textContent = n + " / " + limit + (bytes ? " bytes (UTF-8)" : " characters");
              field.classList.toggle("over", n > limit);
            });
          });
        })();
        (function () {
          "use strict";
          // Hosted roadmap: a `#handoff=<code>` fragment from the app's handoff URL is taken
          // out of the address bar at once, then posted (same origin) for a session cookie;
          // also when the URL is opened over the same page, which only changes the fragment.
          var form = document.querySelector("form[data-handoff]");
          if (!form) { return; }
          function handoff() {
            var match = /^#handoff=([A-Za-z0-9_-]{16,128})$/.exec(window.location.hash);
            if (!match) { return; }
            window.history.replaceState(null, "", window.location.pathname + window.location.search);
            form.querySelector("input[name=code]").value = match[1];
            form.submit();
          }
          window.addEventListener("hashchange", handoff);
          handoff();
        })();
        """
}
