"""The worlds recipe in Python (issue 24): N threads x M tests against one msgsvc-mock serve,
standard library only. Each test takes a world of its own (POST /__mock/worlds), limits its own
sends, sends, moves its own clock, and checks that it sees exactly its own doing: its messages,
its balance, its rate-limit window, its clock. With --shared, every test uses one world: the
control run, which must show interference.

    python3 worlds_threads.py http://127.0.0.1:4780 --threads 8 --tests 6 --runs 3 [--shared]

Prints one JSON line: {"tests": ..., "interfered": ..., "problems": [...]} and exits 0.
"""
import argparse
import json
import threading
import urllib.error
import urllib.request

SENDS = 3


def call(method, url, key=None, body=None):
    headers = {}
    data = None
    if key is not None:
        headers["x-api-key"] = key
    if body is not None:
        headers["content-type"] = "application/json"
        data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            return response.status, (json.loads(text) if text else None)
    except urllib.error.HTTPError as error:
        text = error.read().decode()
        return error.code, (json.loads(text) if text else None)


def micro(amount):
    whole, _, fraction = str(amount).partition(".")
    return int(whole) * 1_000_000 + int((fraction + "000000")[:6])


def scenario(origin, label, world):
    problems = []
    control = world["control_url"]
    key = world["live_key"]
    ledger = f"{control}/organizations/{world['organization_id']}/ledger"
    status, _ = call("PUT", f"{control}/rate-limits", body={"limits": {"sendMessage": SENDS, "listMessages": None}})
    if status != 200:
        problems.append(f"rate limits: {status}")
    balance_before = micro(call("GET", ledger)[1]["balance"])
    clock_before = call("GET", f"{control}/clock")[1]["now"]

    mine = []
    ids = []
    for i in range(SENDS):
        text = f"{label} #{i}"
        status, sent = call("POST", f"{origin}/c/v1/messages", key, {"to": "+244923000001", "body": text})
        if status == 201:
            mine.append(text)
            ids.append(sent["id"])
        else:
            problems.append(f"send {i + 1} of {SENDS} answered {status}: another test used the window")
    status, _ = call("POST", f"{origin}/c/v1/messages", key, {"to": "+244923000001", "body": f"{label} over"})
    if status != 429:
        problems.append(f"send {SENDS + 1} answered {status}, not 429")

    step = 1000 * (1 + sum(ord(c) for c in label) % 500)
    call("POST", f"{control}/clock/advance", body={"ms": step})
    clock_after = call("GET", f"{control}/clock")[1]["now"]
    moved = to_ms(clock_after) - to_ms(clock_before)
    if moved != step:
        problems.append(f"the clock moved {moved} ms for a step of {step} ms")

    _, listed = call("GET", f"{origin}/c/v1/messages", key)
    entries = listed["entries"] if listed else []
    seen = [m["content"] for m in entries]
    foreign = [c for c in seen if c not in mine]
    if foreign:
        problems.append(f"saw {len(foreign)} messages of other tests")
    if any(m not in seen for m in mine):
        problems.append("did not see exactly its own messages")
    cost = sum(micro(call("GET", f"{origin}/c/v1/messages/{i}", key)[1]["cost"]) for i in ids)
    balance_after = micro(call("GET", ledger)[1]["balance"])
    if balance_before - balance_after != cost:
        problems.append(f"the balance moved {balance_before - balance_after}, its own sends cost {cost}")
    return problems


def to_ms(timestamp):
    # 2026-01-01T09:00:00.123456+00:00: whole milliseconds are enough for steps of whole seconds.
    from datetime import datetime

    return round(datetime.fromisoformat(timestamp).timestamp() * 1000)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("origin")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--tests", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shared", action="store_true")
    args = parser.parse_args()
    results = []
    lock = threading.Lock()
    for run in range(args.runs):
        shared = None
        if args.shared:
            shared = call("POST", f"{args.origin}/__mock/worlds", body={"name": f"shared {run}", "clock": "virtual"})[1]

        def worker(thread):
            for test in range(args.tests):
                label = f"python r{run} t{thread} n{test}"
                try:
                    if shared is not None:
                        problems = scenario(args.origin, label, shared)
                    else:
                        status, world = call("POST", f"{args.origin}/__mock/worlds", body={"name": label, "clock": "virtual"})
                        if status != 201:
                            raise RuntimeError(f"createWorld answered {status}")
                        try:
                            problems = scenario(args.origin, label, world)
                        finally:
                            call("DELETE", f"{args.origin}/__mock/worlds/{world['id']}")
                except Exception as error:  # a crash is a failure, never a pass
                    problems = [f"crashed: {error!r}"]
                with lock:
                    results.append((label, problems))

        threads = [threading.Thread(target=worker, args=(t,)) for t in range(args.threads)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if shared is not None:
            call("DELETE", f"{args.origin}/__mock/worlds/{shared['id']}")
    interfered = [(label, p) for label, p in results if p]
    print(json.dumps({
        "tests": len(results),
        "interfered": len(interfered),
        "problems": [f"{label}: {p[0]}" for label, p in interfered[:5]],
    }))


if __name__ == "__main__":
    main()
