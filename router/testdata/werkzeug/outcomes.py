"""Writes werkzeug.txt: what Werkzeug answers to each request and build of
cases.json, one line each, as TestWerkzeugGolden writes fwk's:

    case | GET host /path | 200 endpoint k=v ... (sorted) | 308 /target | 404 | 405 Allow
    case | build endpoint [[key,value],...] method | URL or ERR
    case | map | ok or ERR                    (the rules are accepted or refused)

Run with Werkzeug importable: PYTHONPATH=werkzeug/src python3 outcomes.py.
A rule without methods gets ["GET"], as in fwk (Werkzeug's serves every
method). The host is "localhost" unless given.
"""
import json
import os
import warnings

from werkzeug import routing as r
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.test import create_environ

FIELDS = ("defaults", "strict_slashes", "merge_slashes", "host", "subdomain", "alias", "build_only", "redirect_to")


def make_map(case):
    rules = []
    for d in case["rules"]:
        kw = {k: d[k] for k in FIELDS if k in d}
        rules.append(r.Rule(d["path"], endpoint=d["endpoint"] or None, methods=d.get("methods", ["GET"]), **kw))
    return r.Map(rules, host_matching=case.get("host_matching", False),
                 strict_slashes=case.get("strict_slashes", True), merge_slashes=case.get("merge_slashes", True),
                 redirect_defaults=case.get("redirect_defaults", True), default_subdomain=case.get("default_subdomain", ""))


def text(v):
    return str(v).lower() if isinstance(v, bool) else str(v)


def bind(m, case, host, path="/"):
    env = create_environ(path, base_url="http://" + host + "/")
    return env, m.bind_to_environ(env, server_name=case.get("server_name"))


def request(m, case, method, host, path):
    env, adapter = bind(m, case, host, path)
    env["REQUEST_METHOD"] = method
    try:
        endpoint, values = adapter.match(method=method)
        return "200 " + str(endpoint) + "".join(f" {k}={text(v)}" for k, v in sorted(values.items()))
    except r.RequestRedirect as e:
        same = "http://" + host.lower()
        return "308 " + (e.new_url[len(same):] if e.new_url.startswith(same + "/") else e.new_url)
    except MethodNotAllowed as e:
        return "405 " + ", ".join(sorted(e.valid_methods))
    except NotFound:
        return "404"
    except Exception as e:
        return "ERR " + type(e).__name__


def build(m, case, endpoint, values, method):
    host = case.get("build_host") or "localhost"
    _, adapter = bind(m, case, host)
    try:
        url = adapter.build(endpoint, dict(values), method=method)
    except Exception:
        return "ERR"
    same = "http://" + host
    return url[len(same):] if url.startswith(same + "/") else url


def main():
    warnings.simplefilter("ignore")  # hosts outside the server name
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "cases.json")) as f:
        cases = json.load(f)
    lines = []
    for case in cases:
        try:
            m = make_map(case)
        except Exception:
            lines.append(f"{case['name']} | map | ERR")
            continue
        lines.append(f"{case['name']} | map | ok")
        for method, host, path in case["requests"]:
            host = host or "localhost"
            lines.append(f"{case['name']} | {method} {host} {path} | {request(m, case, method, host, path)}")
        for b in case["builds"]:
            method = b[2] if len(b) > 2 else ""
            vals = json.dumps(b[1], separators=(",", ":"), ensure_ascii=False)
            lines.append(f"{case['name']} | build {b[0]} {vals} {method} | {build(m, case, b[0], b[1], method or None)}")
    with open(os.path.join(here, "werkzeug.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


main()
