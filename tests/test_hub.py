"""The app through JupyterHub (deploy/): two anonymous players in two real browsers, each
with their own server and game, neither able to reach the other's; the two at one table
of the hub's rooms service; a page that cannot run code in its kernel; an idle server
stopped by the culler.

One hub for the module, on free loopback ports, its state in a temporary folder, stopped
(with every server it started) whatever happens. A third visitor arrives with the two
players and leaves at once: the culler stops their server while the players play.
Bounded: under a minute.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.conftest import in_ci

# seconds a server may idle in this test's hub: a player's server in use is never idle that
# long between the tests' clicks (the hub hears of its activity within 5 s: a gap of more
# than 10 s between two uses could be taken for idle)
CULL_IDLE = 15
CULL_EVERY = 2
# a player's Jupyter server does not end on SIGINT without a terminal (it asks for a yes):
# each stop waited the hub's 3 s for nothing before its SIGTERM
STOP_WAIT = 1
SPAWN_TIMEOUT = 90_000  # ms for a new player's server to start and show the landing page
TABLE_TIMEOUT = 120_000  # ms for a page's table to show (over 60 s with two runs of the suite at once)
PLAYER_URL = re.compile(r"/user/([^/]+)/voila/render/index\.ipynb$")
# the reveal button is enabled: the player's turn
READY = """() => { const b = document.querySelector('.sk-express .sk-reveal');
  return !!b && !b.disabled; }"""
ALIBIS = ".sk-alibis[data-seat='0'] svg.sk-alibi"


@pytest.fixture(scope="module")
def hub(tmp_path_factory, browser):
    pytest.importorskip("jupyterhub", reason="the hub extra is not installed (pip install -e '.[hub]')")
    from deploy.local_hub import LocalHub, proxy_missing

    missing = proxy_missing()
    if missing:
        if in_ci():
            pytest.fail(missing + "; the hub test cannot be skipped under CI=true")
        pytest.skip(missing)
    runtime = tmp_path_factory.mktemp("hub-runtime")
    with LocalHub.start(runtime, cull_idle=CULL_IDLE, cull_every=CULL_EVERY, stop_wait=STOP_WAIT) as running:
        yield running


def _read_config(monkeypatch, runtime, **settings):
    """deploy/jupyterhub_config.py read as JupyterHub reads it, with these environment
    variables (``port="9000"`` sets SHERLOCKKIT_HUB_PORT); its config object."""
    import runpy

    from traitlets.config import Config

    from deploy.local_hub import CONFIG

    monkeypatch.setenv("SHERLOCKKIT_HUB_RUNTIME", str(runtime))
    for key, value in settings.items():
        monkeypatch.setenv(f"SHERLOCKKIT_HUB_{key.upper()}", value)
    config = Config()
    runpy.run_path(str(CONFIG), init_globals={"get_config": lambda: config})
    return config


def test_the_hub_listens_where_it_is_told_and_keeps_its_state_in_the_runtime_folder(monkeypatch, tmp_path):
    pytest.importorskip("jupyterhub")
    c = _read_config(monkeypatch, tmp_path, port="9100", api_port="9101", proxy_api_port="9102",
                     rooms_port="9103", cull_idle="120", cull_every="7", max_servers="3", stop_wait="2")
    assert c.JupyterHub.bind_url == "http://127.0.0.1:9100/"
    assert (c.JupyterHub.hub_ip, c.JupyterHub.hub_port) == ("127.0.0.1", 9101)
    assert c.ConfigurableHTTPProxy.api_url == "http://127.0.0.1:9102"
    assert c.Spawner.ip == "127.0.0.1"
    assert c.JupyterHub.db_url == f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
    assert c.JupyterHub.cookie_secret_file == str(tmp_path / "jupyterhub_cookie_secret")
    assert c.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "homes" / "{username}")
    assert c.JupyterHub.active_server_limit == 3
    assert c.LocalProcessSpawner.interrupt_timeout == 2
    assert c.JupyterHub.allow_named_servers is False
    assert c.Spawner.default_url == "/voila/render/index.ipynb"
    culler = next(s for s in c.JupyterHub.services if s["name"] == "idle-culler")
    assert "--timeout=120" in culler["command"] and "--cull-every=7" in culler["command"]
    # a quarter of the idle time: a server in use reports before it could be taken for idle
    assert c.JupyterHub.last_activity_interval == 30
    assert c.Spawner.environment["JUPYTERHUB_ACTIVITY_INTERVAL"] == "30"
    # no observer token unless one is given; the tables for several people, a service of the hub
    assert [s["name"] for s in c.JupyterHub.services] == ["idle-culler", "sherlockkit-rooms"]
    rooms = c.JupyterHub.services[1]
    assert rooms["url"] == "http://127.0.0.1:9103" and "sherlockkit.rooms.hub_service" in rooms["command"]
    assert c.Spawner.environment["SHERLOCKKIT_ROOMS"] == "http://127.0.0.1:9103/services/sherlockkit-rooms"
    # a player's server's token may reach it (and what JupyterHub gives such a token anyway), no more
    assert next(r for r in c.JupyterHub.load_roles if r["name"] == "user")["scopes"] == [
        "self", "access:services!service=sherlockkit-rooms"]  # a token holds no more than its owner may do
    server = next(r for r in c.JupyterHub.load_roles if r["name"] == "server")
    assert server["scopes"] == ["users:activity!user", "access:servers!server",
                                "access:services!service=sherlockkit-rooms"]
    # a stopping server's 3 s on SIGINT, unless told otherwise
    monkeypatch.delenv("SHERLOCKKIT_HUB_STOP_WAIT")
    assert _read_config(monkeypatch, tmp_path).LocalProcessSpawner.interrupt_timeout == 3


def test_the_cluster_files_run_the_tables_service_as_the_local_hub_does(monkeypatch, tmp_path):
    """deploy/z2jh-values.yaml and deploy/rooms-k8s.yaml (documented, not run) say what the
    local hub does: one replica of the same service, the same roles, its address told to
    the players' servers."""
    pytest.importorskip("jupyterhub")
    yaml = pytest.importorskip("yaml")
    from deploy.local_hub import DEPLOY

    c = _read_config(monkeypatch, tmp_path)
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())
    deployment, service = yaml.safe_load_all((DEPLOY / "rooms-k8s.yaml").read_text())
    local = {r["name"]: r["scopes"] for r in c.JupyterHub.load_roles if r["name"] in ("user", "server")}
    assert {name: values["hub"]["loadRoles"][name]["scopes"] for name in local} == local
    port = service["spec"]["ports"][0]["port"]
    assert values["hub"]["services"]["sherlockkit-rooms"]["url"] == f"http://sherlockkit-rooms:{port}"
    assert values["singleuser"]["extraEnv"]["SHERLOCKKIT_ROOMS"] == (
        f"http://sherlockkit-rooms:{port}/services/sherlockkit-rooms")
    pod = deployment["spec"]["template"]["spec"]["containers"][0]
    env = {e["name"]: e["value"] for e in pod["env"]}
    local_service = next(s for s in c.JupyterHub.services if s["name"] == "sherlockkit-rooms")
    assert pod["command"][1:] == local_service["command"][1:]  # the same module, from the image's python
    assert env["JUPYTERHUB_SERVICE_NAME"] == "sherlockkit-rooms" and env["JUPYTERHUB_SERVICE_URL"].endswith(f":{port}")
    assert deployment["spec"]["replicas"] == 1  # the tables live in its memory: one lobby


@pytest.mark.parametrize("key, value, sentence", [
    ("port", "80; rm -rf", "SHERLOCKKIT_HUB_PORT must be a positive whole number, not '80; rm -rf'."),
    ("port", "0", "SHERLOCKKIT_HUB_PORT must be a positive whole number, not '0'."),
    ("api_port", "70000", "SHERLOCKKIT_HUB_API_PORT must be a port number, from 1 to 65535, not 70000."),
    ("cull_idle", "-5", "SHERLOCKKIT_HUB_CULL_IDLE must be a positive whole number, not '-5'."),
    ("max_servers", "x" * 40, f"SHERLOCKKIT_HUB_MAX_SERVERS must be a positive whole number, not {'x' * 20!r}."),
])
def test_a_bad_setting_stops_the_hub_with_a_sentence(monkeypatch, tmp_path, key, value, sentence):
    pytest.importorskip("jupyterhub")
    with pytest.raises(SystemExit) as refused:
        _read_config(monkeypatch, tmp_path, **{key: value})
    assert str(refused.value) == sentence


class Player:
    """One anonymous player: a browser context of their own, logged in by /hub/tmplogin."""

    def __init__(self, browser, hub):
        self.hub = hub
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.name = None

    def arrive(self):
        """Start: the hub makes a new user and starts their server (not waited for)."""
        self.page.goto(self.hub.base + "hub/tmplogin")

    def landing(self) -> str:
        """Wait for the landing page of this player's own server; the player's name."""
        self.page.wait_for_url(PLAYER_URL, timeout=SPAWN_TIMEOUT)
        self.name = PLAYER_URL.search(self.page.url).group(1)
        self.page.get_by_role("link", name="Play Sherlock Express").wait_for(timeout=10_000)
        return self.name

    def url(self, path: str = "") -> str:
        return f"{self.hub.base}user/{self.name}/{path}"

    def open_express(self) -> None:
        """Click Sherlock Express on the landing page (the table is not waited for)."""
        self.page.get_by_role("link", name="Play Sherlock Express").click()

    def play_express(self) -> str:
        """Open Sherlock Express from the landing page, turn up an alibi; the kernel id of
        the table (the secret that opens it, unique to this game)."""
        self.open_express()
        return self.turn_up_an_alibi()

    def turn_up_an_alibi(self) -> str:
        """Once Sherlock Express's table is up, turn up an alibi; the table's kernel id."""
        self.page.wait_for_url(re.compile(rf"/user/{self.name}/voila/render/express\.ipynb$"),
                               timeout=TABLE_TIMEOUT)
        self.page.wait_for_function(READY, timeout=TABLE_TIMEOUT)
        before = self.page.locator(ALIBIS).count()
        self.page.locator(".sk-express .sk-reveal").click()
        self.page.wait_for_function(f"() => document.querySelectorAll({json.dumps(ALIBIS)}).length > {before}",
                                    timeout=20_000)
        return self.kernel_id()

    def kernel_id(self) -> str:
        return json.loads(self.page.locator("#jupyter-config-data").text_content())["kernelId"]


class IdleWatch:
    """A visitor who looked at the list of games and left (at ``left``): a thread asks
    the hub about them every half second and notes when it stopped running their server
    and when it forgot them (``time.monotonic()``), for the culler's test to read."""

    def __init__(self, hub, name: str, left: float):
        import threading

        self.hub, self.name, self.left = hub, name, left
        self.stopped: float | None = None  # time.monotonic() when the server was gone
        self.forgotten: float | None = None  # ... and the user too
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while self.forgotten is None and not self._stop.wait(0.5):
            try:
                user = self.hub.api(f"users/{self.name}")
            except OSError:  # the hub is stopping
                return
            now = time.monotonic()
            if self.stopped is None and not (user and user.get("servers", {}).get("", {}).get("ready")):
                self.stopped = now
            if user is None:
                self.forgotten = now

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=30)


@pytest.fixture(scope="module")
def arrivals(hub, browser):
    """Three visitors, arrived together, each at their own landing page: two players and
    one who leaves at once (closes the page) and is watched (:class:`IdleWatch`)."""
    a, b, idle = Player(browser, hub), Player(browser, hub), Player(browser, hub)
    watch = None
    try:
        for player in (a, b, idle):
            player.arrive()
        for player in (a, b, idle):
            player.landing()
        assert hub.running_server(idle.name)
        idle.page.close(run_before_unload=True)  # they leave; their server idles from now on
        watch = IdleWatch(hub, idle.name, time.monotonic())
        yield a, b, watch
    finally:
        if watch is not None:
            watch.close()
        for player in (a, b, idle):
            player.context.close()


@pytest.fixture(scope="module")
def players(arrivals):
    """Two players, arrived together, each at their own landing page."""
    a, b, _ = arrivals
    return [a, b]


@pytest.mark.browser
def test_two_anonymous_players_each_play_their_own_game(hub, players):
    a, b = players
    assert a.name != b.name
    for player in (a, b):
        assert hub.running_server(player.name)
    for player in (a, b):  # both at once, as two players would
        player.open_express()
    a.table, b.table = (player.turn_up_an_alibi() for player in (a, b))
    assert a.table != b.table
    # the page make app serves: its template (the retries and the "table closed" notice)
    # and its handlers, put in place in each player's server
    assert "sk-table-tries:" in a.page.content() and "sk-closed" in a.page.content()
    assert sum("sherlockkit: 3 handlers of book/app/serve.py in place" in line for line in hub.log) >= 2


@pytest.mark.browser
def test_a_player_cannot_reach_another_players_server(hub, players):
    a, b = players
    if not getattr(a, "table", None):
        a.table = a.play_express()
    for path in ("", "voila/render/index.ipynb", "voila/render/express.ipynb",
                 f"api/kernels/{a.table}", f"api/kernels/{a.table}/channels"):
        response = b.page.goto(a.url(path))
        # the hub refuses B a server that is not theirs (403), and never shows A's page
        assert response.status == 403, (path, response.status)
        content = b.page.content()
        assert "sk-express" not in content and "jupyter-config-data" not in content
        assert a.table not in content
    # nor can B's own server be asked for A's table
    assert b.context.request.get(b.url(f"api/kernels/{a.table}")).status == 404
    # B's own table is B's own game, and nothing of A's is in it
    b.page.goto(b.url("voila/render/express.ipynb"))
    b.page.wait_for_function(READY, timeout=TABLE_TIMEOUT)
    content = b.page.content()
    assert a.table not in content and a.name not in content


@pytest.mark.browser
def test_a_players_server_opens_nothing_but_the_tables(players):
    a, _ = players
    refused = {"api/contents": 403, "api/sessions": 403, "lab": 404, "tree": 404, "api/terminals": 404,
               "voila/files/serve.py": 403}
    for path, status in refused.items():
        assert a.context.request.get(a.url(path)).status == status, path


@pytest.mark.browser
def test_a_page_cannot_run_code_in_its_kernel(players, tmp_path):
    """The kernel websocket carries widget messages only: an execute_request is dropped,
    while a kernel_info_request is answered (the socket works)."""
    a, _ = players
    a.page.goto(a.url("voila/render/express.ipynb"))
    a.page.wait_for_function(READY, timeout=TABLE_TIMEOUT)
    marker = tmp_path / "ran"
    code = f"open({str(marker)!r}, 'w').write('code ran')"
    # The kernel handles its requests in order, and says so in order on each channel: once
    # it has answered the kernel_info_request sent second (shell) and is idle again after it
    # (iopub), whatever the execute_request sent first did (ran, or nothing: dropped on the
    # way) has been said and done on both.
    answers = a.page.evaluate("""async ([kernel, code]) => {
      const url = location.href.replace(/^http/, 'ws').replace(/voila\\/render\\/.*$/, 'api/kernels/' + kernel + '/channels');
      const socket = new WebSocket(url);
      const seen = [];
      let answered;
      const done = new Promise(ok => { answered = ok; });
      const info = 'kernel_info_request' + Math.random();
      let replied = false, idle = false;
      socket.onmessage = event => {
        const m = JSON.parse(event.data);
        seen.push(m.header.msg_type);
        if (m.parent_header.msg_id !== info) return;
        replied = replied || m.header.msg_type === 'kernel_info_reply';
        idle = idle || (m.header.msg_type === 'status' && m.content.execution_state === 'idle');
        if (replied && idle) answered();
      };
      await new Promise((ok, no) => { socket.onopen = ok; socket.onerror = no; });
      const message = (type, content, id) => JSON.stringify({channel: 'shell', content, metadata: {}, buffers: [],
        parent_header: {}, header: {msg_id: id || type + Math.random(), msg_type: type, username: '', session: 'test',
        date: new Date().toISOString(), version: '5.3'}});
      socket.send(message('execute_request', {code, silent: false, store_history: false,
        user_expressions: {}, allow_stdin: false, stop_on_error: true}));
      socket.send(message('kernel_info_request', {}, info));
      await Promise.race([done, new Promise(ok => setTimeout(ok, 30000))]);
      socket.close();
      return seen;
    }""", [a.kernel_id(), code])
    assert "kernel_info_reply" in answers
    assert "execute_reply" not in answers and "execute_input" not in answers
    assert not marker.exists()


@pytest.mark.browser
def test_two_players_on_their_own_servers_sit_at_one_table_and_nobody_else_reaches_it(hub, players):
    """Play with friends through the hub (issue 30): Ann's table lives in the hub's rooms
    service, not in her server; its link opens the page in Bob's own server (the hub's
    user-redirect), he joins, Ann starts, and each page shows the other by name. A page
    (a player's cookie) or any token but a player's server's reaches no table."""
    a, b = players
    for player in (a, b):
        player.page.goto(player.url("voila/render/bakerstreet.ipynb"))
        player.page.wait_for_selector(".sk-bakerstreet .sk-slot", timeout=TABLE_TIMEOUT)
    a.page.get_by_text("Play with friends").first.click()
    a.page.locator(".sk-friends-name input").fill("Ann")
    a.page.locator(".sk-friends-open").click()
    a.page.wait_for_selector(".sk-friends-code", timeout=TABLE_TIMEOUT)
    code = a.page.locator(".sk-friends-code").inner_text().strip()
    link = a.page.locator(".sk-friends-table-link").get_attribute("href")
    assert link == f"/hub/user-redirect/voila/render/bakerstreet.ipynb?table={code}"
    b.page.goto(hub.base.rstrip("/") + link)  # Ann's link, in Bob's browser: his own server
    b.page.wait_for_url(re.compile(rf"/user/{b.name}/voila/render/bakerstreet\.ipynb\?table={code}$"),
                        timeout=TABLE_TIMEOUT)
    b.page.wait_for_function(f"() => (document.querySelector('.sk-friends-code-box input') || {{}}).value === '{code}'",
                             timeout=TABLE_TIMEOUT)
    b.page.locator(".sk-friends-name input").fill("Bob")
    b.page.locator(".sk-friends-join").click()
    a.page.wait_for_function("() => document.querySelector('.sk-friends-seats').innerText.includes('Bob')",
                             timeout=TABLE_TIMEOUT)
    a.page.locator(".sk-friends-start").click()
    table = ".sk-friends .sk-bakerstreet"
    for player in (a, b):
        player.page.wait_for_selector(f"{table} .sk-prompt", timeout=TABLE_TIMEOUT)
    assert a.page.locator(f"{table} .sk-seat-1 .sk-who").inner_text() == "Bob"
    assert b.page.locator(f"{table} .sk-seat-0 .sk-who").inner_text() == "Ann"
    # the tables answer a player's server's token only: not a page, not another token
    rooms = hub.base + "services/sherlockkit-rooms/open"
    body = json.dumps({"game": "bakerstreet", "options": {"players": 2}, "name": "Eve"})
    for headers, sentence in [({}, "with the hub's token"),
                              ({"Authorization": f"token {hub.token}"}, "does not let that token")]:
        answer = a.context.request.post(rooms, data=body, headers={"Content-Type": "application/json", **headers})
        assert answer.status == 403 and sentence in answer.json()["refused"], answer.text()


@pytest.mark.browser
def test_an_idle_server_is_stopped_by_the_culler(arrivals):
    """The visitor who left at once: their server is stopped once it has idled for the
    limit (while the two players played), and their temporary user forgotten with it."""
    _, _, idle = arrivals
    deadline = idle.left + CULL_IDLE + 4 * CULL_EVERY + 60
    while idle.stopped is None:
        assert time.monotonic() < deadline, "the idle server was never culled"
        time.sleep(0.5)
    # not before it had idled for the limit
    assert idle.stopped - idle.left > CULL_IDLE - 2 * CULL_EVERY
    # its temporary user is forgotten with it
    deadline = time.monotonic() + 30
    while idle.forgotten is None:
        assert time.monotonic() < deadline, "the culled temporary user was kept"
        time.sleep(0.5)


# --- the front door (issue 27) ----------------------------------------------------------------

class _Handler:
    """What ``FrontDoorAuthenticator.authenticate`` reads of a login request: the client's
    address and the hub's database (how many users it holds)."""

    def __init__(self, address: str, users: int):
        from types import SimpleNamespace

        self.request = SimpleNamespace(remote_ip=address)
        self.db = SimpleNamespace(query=lambda _: SimpleNamespace(count=lambda: users))


def _run(coroutine):
    """``coroutine`` run to its end in a thread of its own (Playwright's loop may be running
    in this one, where ``asyncio.run`` refuses to start)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_front_door_lets_so_many_in_from_one_address_and_no_more_than_the_hub_holds():
    pytest.importorskip("tmpauthenticator", reason="the hub extra is not installed")
    from tornado import web

    from deploy.front_door import FrontDoorAuthenticator

    door = FrontDoorAuthenticator(per_address=3, window=600, most_users=5)
    names = [_run(door.authenticate(_Handler("10.0.0.1", 0), {}))["name"] for _ in range(3)]
    assert len(set(names)) == 3
    with pytest.raises(web.HTTPError) as refused:
        _run(door.authenticate(_Handler("10.0.0.1", 0), {}))
    assert refused.value.status_code == 429 and "Too many new players from your address" in refused.value.log_message
    assert _run(door.authenticate(_Handler("10.0.0.2", 4), {}))["name"]  # another address: in
    with pytest.raises(web.HTTPError) as full:
        _run(door.authenticate(_Handler("10.0.0.3", 5), {}))
    assert full.value.status_code == 503 and "The tables are full" in full.value.log_message
    door.window = 0  # the window passed: the address's logins are forgotten
    assert _run(door.authenticate(_Handler("10.0.0.1", 0), {}))["name"]
    assert set(door._logins) == {"10.0.0.1"}  # bounded: the other addresses' old logins went


@pytest.mark.browser
def test_a_burst_of_logins_from_one_address_cannot_fill_the_hub(hub, arrivals):
    """Thirty anonymous logins at once from one address (the attack made thirty users and
    servers): past the address's allowance (10 in 10 minutes; the three visitors above
    came from it too) each is refused with a page that says why, and no server starts for
    a login that goes no further than logging in."""
    import urllib.error
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    before = {u["name"] for u in hub.api("users")}
    answers = []
    for _ in range(30):
        try:
            answers.append((opener.open(f"{hub.base}hub/tmplogin", timeout=30).status, ""))
        except urllib.error.HTTPError as error:
            answers.append((error.code, error.read().decode(errors="replace")))
    let_in = [a for a in answers if a[0] in (200, 302)]
    refused = [a for a in answers if a[0] == 429]
    assert len(let_in) + len(refused) == 30 and len(let_in) <= 10 - 3
    assert all("Too many new players from your address" in body for _, body in refused)
    users = hub.api("users")
    assert len(users) <= len(before) + len(let_in)
    new = [u for u in users if u["name"] not in before]
    assert not [u for u in new if u.get("servers", {}).get("", {}).get("ready")], "a login alone started a server"
