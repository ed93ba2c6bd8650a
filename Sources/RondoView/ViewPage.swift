/// The head-unit page: HTML, CSS and JavaScript in one document, embedded in the binary (no
/// CDN, no build step, no framework). It drives the daemon through `/rpc` and follows it
/// through `/events`, carrying the token it was opened with.
enum ViewPage {
    static let bytes = Array(html.utf8)

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Rondo</title>
        <style>
        :root { color-scheme: dark; --bg: #0b0d10; --panel: #161a20; --line: #262c35; --text: #eef2f6; --dim: #8b96a5; --accent: #4fa3ff; --bad: #ff6b6b; }
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; background: var(--bg); color: var(--text); font: 18px/1.3 system-ui, sans-serif; }
        body { display: flex; flex-direction: column; max-height: 100vh; }
        nav { display: flex; gap: 4px; padding: 6px; background: var(--panel); border-bottom: 1px solid var(--line); }
        nav button { flex: 1; }
        button { min-height: 44px; min-width: 44px; border: 0; border-radius: 10px; background: #222933; color: var(--text); font: inherit; cursor: pointer; }
        button:disabled { opacity: .35; cursor: default; }
        button.on { background: var(--accent); color: #00162e; }
        button svg { width: 26px; height: 26px; fill: currentColor; vertical-align: middle; }
        main { flex: 1; overflow: auto; padding: 10px 14px; }
        .hidden { display: none !important; }
        #now { display: flex; gap: 18px; align-items: center; height: 100%; }
        #art { width: 38vmin; height: 38vmin; border-radius: 12px; background: var(--panel); object-fit: cover; flex: none; }
        #meta { flex: 1; min-width: 0; }
        #title { font-size: 28px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
        #subtitle { color: var(--dim); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; margin: 4px 0 12px; }
        #bar { height: 8px; background: var(--line); border-radius: 4px; overflow: hidden; }
        #fill { height: 100%; width: 0; background: var(--accent); }
        #times { display: flex; justify-content: space-between; color: var(--dim); font-size: 15px; margin-top: 4px; }
        .row { display: flex; gap: 8px; margin-top: 12px; flex-wrap: wrap; }
        .row button { flex: 1; }
        #list .item { display: flex; align-items: center; gap: 10px; min-height: 56px; padding: 6px 4px; border-bottom: 1px solid var(--line); cursor: pointer; }
        #list .item .text { flex: 1; min-width: 0; }
        #list .item .sub { color: var(--dim); font-size: 15px; }
        #list .item .progress { height: 4px; background: var(--line); margin-top: 4px; }
        #list .item .progress div { height: 100%; background: var(--accent); }
        #list .item.playing .text > div:first-child { color: var(--accent); }
        #listhead { display: flex; align-items: center; gap: 10px; margin-bottom: 6px; }
        #listtitle { font-weight: 600; }
        #note { color: var(--dim); font-size: 15px; padding: 8px 4px; }
        table { width: 100%; border-collapse: collapse; font-size: 16px; }
        td, th { text-align: left; padding: 6px; border-bottom: 1px solid var(--line); }
        #log { color: var(--dim); font-size: 14px; white-space: pre-wrap; margin-top: 10px; }
        #scan { height: 4px; background: var(--accent); width: 0; transition: width .2s; }
        #toast { position: fixed; left: 50%; bottom: 16px; transform: translateX(-50%); background: var(--bad); color: #1b0000; padding: 10px 16px; border-radius: 10px; font-weight: 600; }
        @media (max-width: 560px) {
          nav { flex-wrap: wrap; }
          nav button { flex: 1 1 30%; }
          #now { flex-direction: column; align-items: stretch; height: auto; }
          #art { width: 60vw; height: 60vw; align-self: center; }
        }
        #search input { flex: 3; min-height: 44px; border: 1px solid var(--line); border-radius: 10px; background: var(--panel); color: var(--text); font: inherit; padding: 0 12px; }
        label.switch { display: flex; align-items: center; gap: 6px; padding: 0 8px; white-space: nowrap; }
        label.switch input { width: 28px; height: 28px; }
        </style>
        </head>
        <body>
        <div id="scan"></div>
        <nav id="tabs">
          <button data-view="now" class="on">Now Playing</button>
          <span id="roots" style="display:contents"></span>
          <button data-view="sessions">Sessions</button>
          <label class="switch"><input type="checkbox" id="driving">Driving</label>
        </nav>
        <main>
          <section id="now">
            <img id="art" alt="">
            <div id="meta">
              <div id="title">Nothing playing</div>
              <div id="subtitle"></div>
              <div id="bar"><div id="fill"></div></div>
              <div id="times"><span id="elapsed">0:00</span><span id="sleep"></span><span id="duration">0:00</span></div>
              <div class="row">
                <button id="previousTrack" title="Previous"><svg viewBox="0 0 24 24"><path d="M6 5h2v14H6zm3.5 7L19 5v14z"/></svg></button>
                <button id="togglePlayPause" title="Play or pause"></button>
                <button id="nextTrack" title="Next"><svg viewBox="0 0 24 24"><path d="M16 5h2v14h-2zM5 5l9.5 7L5 19z"/></svg></button>
                <button id="changePlaybackRate" title="Rate">1×</button>
              </div>
              <div class="row">
                <button id="changeShuffleMode" title="Shuffle">Shuffle</button>
                <button id="changeRepeatMode" title="Repeat">Repeat</button>
                <button id="like" title="Like">♥</button>
                <button id="dislike" title="Dislike">✕</button>
                <button id="bookmark" title="Bookmark">★</button>
              </div>
              <form id="search" class="row"><input id="query" type="search" placeholder="Play an artist, an album, a song…" autocomplete="off"><button>Play</button></form>
            </div>
          </section>
          <section id="list" class="hidden">
            <div id="listhead"><button id="back">‹</button><span id="listtitle"></span></div>
            <div id="rows"></div>
            <div id="note"></div>
          </section>
          <section id="sessions" class="hidden">
            <div>Prompt style: <b id="promptStyle">normal</b></div>
            <table><thead><tr><th>Session</th><th>Program</th><th>Category / mode</th><th>State</th><th>Gain</th></tr></thead><tbody id="sessionRows"></tbody></table>
            <div id="log"></div>
          </section>
        </main>
        <div id="toast" class="hidden"></div>
        <script>
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const $ = (id) => document.getElementById(id);
        const icons = { play: '<svg viewBox="0 0 24 24"><path d="M7 5v14l12-7z"/></svg>',
          pause: '<svg viewBox="0 0 24 24"><path d="M6 5h4v14H6zm8 0h4v14h-4z"/></svg>' };
        $("togglePlayPause").innerHTML = icons.play;
        let requestID = 0, now = null, commands = {}, limits = null, path = [], rootTitles = [], log = [];

        async function rpc(method, params) {
          const reply = await fetch("/rpc", { method: "POST", headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: ++requestID, method, params: params || {} }) });
          const answer = await reply.json();
          if (answer.error) throw new Error(answer.error.message);
          return answer.result;
        }

        function toast(text) {
          $("toast").textContent = text;
          $("toast").classList.remove("hidden");
          clearTimeout(toast.timer);
          toast.timer = setTimeout(() => $("toast").classList.add("hidden"), 4000);
        }

        async function send(command, extra) {
          try {
            const result = await rpc("remote.send", Object.assign({ command }, extra || {}));
            if (result.status !== "success") toast(command + " refused: " + (result.reason || result.status));
          } catch (error) { toast(error.message); }
        }

        function time(seconds) {
          seconds = Math.max(0, Math.floor(seconds || 0));
          return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
        }

        function elapsedNow() {
          if (!now || !now.info) return 0;
          const info = now.info, rate = now.playbackState === "playing" ? (info.playbackRate || 0) : 0;
          const elapsed = (info.elapsedPlaybackTime || 0) + rate * (Date.now() / 1000 - (info.timestamp || Date.now() / 1000));
          return Math.min(Math.max(0, elapsed), info.playbackDuration || Infinity);
        }

        function drawProgress() {
          const info = (now && now.info) || {}, elapsed = elapsedNow();
          $("elapsed").textContent = time(elapsed);
          $("duration").textContent = time(info.playbackDuration);
          $("fill").style.width = info.playbackDuration ? (100 * elapsed / info.playbackDuration) + "%" : "0";
          requestAnimationFrame(drawProgress);
        }

        function showNowPlaying(state) {
          now = state;
          const info = state.info || {};
          $("title").textContent = info.title || (info.assetURL ? decodeURIComponent(info.assetURL.split("/").pop()) : "Nothing playing");
          $("subtitle").textContent = [info.artist, info.albumTitle].filter(Boolean).join(" — ");
          $("togglePlayPause").innerHTML = state.playbackState === "playing" ? icons.pause : icons.play;
          const sleep = state.sleep;
          $("sleep").textContent = !sleep ? "" : sleep.endsAt
            ? "Sleep at " + new Date(sleep.endsAt * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
            : "Sleep at the end of this item";
          const art = info.artwork && info.artwork.url ? "/artwork/" + info.artwork.url.split("/").pop() + "?token=" + token : "";
          if ($("art").getAttribute("src") !== art) { if (art) $("art").src = art; else $("art").removeAttribute("src"); }
          document.querySelectorAll("#rows .item").forEach((row) => row.classList.toggle("playing", (state.nowPlayingIdentifiers || []).includes(row.dataset.identifier)));
        }

        function showCommands(list) {
          commands = {};
          for (const entry of list) commands[entry.command] = entry;
          for (const name of ["previousTrack", "togglePlayPause", "nextTrack", "changePlaybackRate", "changeShuffleMode", "changeRepeatMode", "like", "dislike", "bookmark"]) {
            $(name).disabled = !(commands[name] && commands[name].enabled);
          }
          const rate = commands.changePlaybackRate;
          if (rate) $("changePlaybackRate").textContent = (rate.currentPlaybackRate || 1) + "×";
          const shuffle = commands.changeShuffleMode, repeat = commands.changeRepeatMode;
          $("changeShuffleMode").classList.toggle("on", !!shuffle && shuffle.currentShuffleType !== "off");
          $("changeShuffleMode").textContent = "Shuffle" + (shuffle && shuffle.currentShuffleType === "collections" ? " albums" : "");
          $("changeRepeatMode").classList.toggle("on", !!repeat && repeat.currentRepeatType !== "off");
          $("changeRepeatMode").textContent = "Repeat" + (repeat && repeat.currentRepeatType === "one" ? " one" : "");
          for (const name of ["like", "dislike", "bookmark"]) $(name).classList.toggle("on", !!(commands[name] && commands[name].isActive));
        }

        function nextRate() {
          const entry = commands.changePlaybackRate || {}, rates = (entry.supportedPlaybackRates || [0.5, 1, 1.5, 2]).slice().sort((a, b) => a - b);
          const current = entry.currentPlaybackRate || 1;
          return rates.find((rate) => rate > current) || rates[0];
        }

        $("previousTrack").onclick = () => send("previousTrack");
        $("togglePlayPause").onclick = () => send("togglePlayPause");
        $("nextTrack").onclick = () => send("nextTrack");
        $("changePlaybackRate").onclick = () => send("changePlaybackRate", { playbackRate: nextRate() });
        $("changeShuffleMode").onclick = () => {
          const order = ["off", "items", "collections"], current = (commands.changeShuffleMode || {}).currentShuffleType || "off";
          send("changeShuffleMode", { shuffleType: order[(order.indexOf(current) + 1) % order.length] });
        };
        $("changeRepeatMode").onclick = () => {
          const order = ["off", "all", "one"], current = (commands.changeRepeatMode || {}).currentRepeatType || "off";
          send("changeRepeatMode", { repeatType: order[(order.indexOf(current) + 1) % order.length] });
        };
        for (const name of ["like", "dislike", "bookmark"]) $(name).onclick = () => send(name, { isActive: !(commands[name] && commands[name].isActive) });

        $("search").onsubmit = async (event) => {
          event.preventDefault();
          const query = $("query").value;
          try {
            const result = await rpc("player.playFromSearch", { query });
            if (result.status === "noSuchContent") toast(query.trim() ? "Nothing matches “" + query + "”" : "Nothing played yet");
            else if (result.status !== "success") toast("play refused: " + result.status);
            else { $("query").value = ""; showView("now"); }
          } catch (error) { toast(error.message); }
        };

        function showView(name) {
          for (const view of ["now", "list", "sessions"]) $(view).classList.toggle("hidden", view !== name);
          document.querySelectorAll("nav button").forEach((button) => button.classList.toggle("on",
            button.dataset.view === name && (name !== "list" || button.dataset.root === String(path[0]))));
        }
        document.querySelector('[data-view="now"]').onclick = () => showView("now");
        document.querySelector('[data-view="sessions"]').onclick = () => { showView("sessions"); loadSessions(); };

        async function loadRoots() {
          try {
            const root = await rpc("library.children", { indexPath: [], limit: 4 });
            rootTitles = root.items.map((item) => item.title);
            $("roots").replaceChildren(...root.items.map((item, index) => {
              const button = document.createElement("button");
              button.textContent = item.title; button.dataset.view = "list"; button.dataset.root = String(index);
              button.onclick = () => { path = [index]; loadList(); };
              return button;
            }));
          } catch (error) { toast(error.message); }
        }

        async function loadList() {
          showView("list");
          try {
            const page = await rpc("library.children", { indexPath: path, limit: 200 });
            $("listtitle").textContent = path.length === 1 ? rootTitles[path[0]] : (loadList.titles || {})[path.join(".")] || "";
            // While driving, a list at the depth limit offers no further level: opening a row here
            // would list items path.length + 2 levels deep.
            const canDescend = !(limits && limits.enforced) || path.length + 2 <= limits.depthLimit;
            $("rows").replaceChildren(...page.items.map((item, index) => {
              const row = document.createElement("div");
              row.className = "item"; row.dataset.identifier = item.identifier;
              const text = document.createElement("div"); text.className = "text";
              const title = document.createElement("div"); title.textContent = item.title + (item.isContainer && canDescend ? " ›" : "");
              const sub = document.createElement("div"); sub.className = "sub"; sub.textContent = item.subtitle || "";
              text.append(title, sub);
              if (item.playbackProgress !== undefined && item.playbackProgress !== null) {
                const bar = document.createElement("div"); bar.className = "progress";
                const fill = document.createElement("div"); fill.style.width = (100 * item.playbackProgress) + "%";
                bar.append(fill); text.append(bar);
              }
              row.append(text);
              row.onclick = async () => {
                if (item.isContainer && canDescend) {
                  loadList.titles = Object.assign(loadList.titles || {}, { [path.concat(index).join(".")]: item.title });
                  path = path.concat(index); loadList();
                } else if (item.isPlayable) {
                  try {
                    const result = await rpc("library.play", { indexPath: path.concat(index) });
                    if (result.status !== "success") toast("play refused: " + result.status); else showView("now");
                  } catch (error) { toast(error.message); }
                }
              };
              return row;
            }));
            $("note").textContent = page.limited ? "Showing " + page.items.length + " of " + page.total + " while driving" : "";
            if (now) showNowPlaying(now);
          } catch (error) { toast(error.message); $("rows").replaceChildren(); $("note").textContent = error.message; }
        }
        $("back").onclick = () => { if (path.length > 1) { path = path.slice(0, -1); loadList(); } else showView("now"); };

        function showLimits(value) {
          limits = value;
          $("driving").checked = !!value.enforced;
        }
        $("driving").onchange = async () => {
          try { showLimits(await rpc("context.set", { enforced: $("driving").checked })); } catch (error) { toast(error.message); }
          if (!$("list").classList.contains("hidden")) loadList();
        };

        async function loadSessions() {
          try {
            const [sessions, style] = await Promise.all([rpc("session.list"), rpc("session.promptStyle")]);
            $("promptStyle").textContent = style.promptStyle;
            $("sessionRows").replaceChildren(...sessions.map((session) => {
              const row = document.createElement("tr"); row.dataset.session = session.session;
              const foreign = session.foreign;
              const program = foreign
                ? [foreign.binary || foreign.application, foreign.pid && "pid " + foreign.pid, foreign.mediaRole && "role " + foreign.mediaRole].filter(Boolean).join(" · ")
                : session.owner;
              for (const text of [session.name, program, session.category + " / " + session.mode, session.state, Number(session.gain).toFixed(2)]) {
                const cell = document.createElement("td"); cell.textContent = text; row.append(cell);
              }
              return row;
            }));
          } catch (error) { toast(error.message); }
        }

        function note(method, params) {
          log.unshift(new Date().toLocaleTimeString() + "  " + method + "  " + JSON.stringify(params));
          log = log.slice(0, 12);
          $("log").textContent = log.join("\n");
        }

        function listen() {
          const events = new EventSource("/events?token=" + token + "&topics=nowPlaying,queue,remote,session,route,context,library");
          events.onmessage = (message) => {
            const event = JSON.parse(message.data), params = event.params || {};
            switch (event.method) {
              case "nowPlaying.changed": showNowPlaying(params); break;
              case "remote.changed": showCommands(params.commands || []); break;
              case "context.changed": showLimits(params); if (!$("list").classList.contains("hidden")) loadList(); break;
              case "library.scanProgress":
                $("scan").style.width = params.total ? (100 * (params.done || 0) / params.total) + "%" : "0";
                break;
              case "library.changed": $("scan").style.width = "0"; loadRoots(); break;
            }
            if (event.method.startsWith("session.") || event.method === "route.changed") {
              note(event.method, params);
              if (!$("sessions").classList.contains("hidden")) loadSessions();
            }
          };
        }

        (async () => {
          listen();
          try {
            const [state, list, context] = await Promise.all([rpc("nowPlaying.get"), rpc("remote.list"), rpc("context.get")]);
            showNowPlaying(state); showCommands(list); showLimits(context);
          } catch (error) { toast(error.message); }
          loadRoots();
          requestAnimationFrame(drawProgress);
        })();
        </script>
        </body>
        </html>
        """#
}
