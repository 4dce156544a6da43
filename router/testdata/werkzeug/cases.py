"""Writes cases.json: rule sets with requests and builds that outcomes.py
runs through Werkzeug (werkzeug.txt) and TestWerkzeugGolden through fwk.

A case is c(name, rules, requests, builds, **map options). A rule is
R(path, endpoint, **Rule fields); a request is a path (GET) or (method,
host, path); a build is [endpoint, [[key, value], ...], method?]. Paths are
sent escaped. Requests with a query or a leading "//" are left out: the
WSGI environ helper reads them otherwise than a server does.
"""
import json
import os

cases = []


def c(name, rules, requests=(), builds=(), **options):
    reqs = [list(q) if isinstance(q, tuple) else ["GET", "", q] for q in requests]
    case = dict(name=name, rules=rules, requests=reqs, builds=[list(b) for b in builds])
    case.update(options)
    cases.append(case)


def R(path, endpoint="e", **fields):
    return dict(path=path, endpoint=endpoint, **fields)


def G(path):
    return path


def H(method, host, path):
    return (method, host, path)


M = ["GET"]
F = False
# gen.py
c("int", [R("/i/<int:v>","i"), R("/f/<int(fixed_digits=3):v>","f"), R("/m/<int(min=2, max=20):v>","m"), R("/s/<int(signed=True, fixed_digits=3):v>","s"), R("/n/<int(signed=True, max=5):v>","n")],
  [G(p) for p in ["/i/0","/i/007","/i/-1","/i/+1","/i/1.0","/i/%D9%A3","/i/99999999999999999999999","/i/1%20","/f/007","/f/7","/f/0007","/m/1","/m/2","/m/20","/m/21","/m/020","/s/-07","/s/007","/s/-007","/n/-5","/n/-6","/n/6","/n/-0"]],
  [["i",[["v",5]]],["i",[["v",-5]]],["i",[["v","7"]]],["i",[["v",4.7]]],["i",[["v",True]]],["f",[["v",5]]],["f",[["v",12345]]],["s",[["v",-5]]],["m",[["v",1]]],["m",[["v",25]]],["n",[["v",-3]]]])
c("float", [R("/f/<float:v>","f"), R("/m/<float(min=1.5, max=2.5):v>","m"), R("/s/<float(signed=True):v>","s")],
  [G(p) for p in ["/f/1.5","/f/1","/f/.5","/f/1.","/f/1e5","/f/01.50","/f/-1.5","/f/1.5e3","/f/inf","/f/nan","/m/1.4","/m/1.5","/m/2.5","/m/2.50","/m/2.6","/s/-0.0","/s/+1.0"]],
  [["f",[["v",1.0]]],["f",[["v",0.815]]],["f",[["v",1e-7]]],["f",[["v",2]]],["f",[["v","1.5"]]],["m",[["v",3.0]]],["s",[["v",-2.5]]]])
c("string", [R("/a/<v>","a"), R("/l/<string(length=2):v>","l"), R("/mm/<string(minlength=2, maxlength=3):v>","mm")],
  [G(p) for p in ["/a/x","/a/%20","/a/a%2Fb","/l/ab","/l/a","/l/abc","/l/%C3%A9x","/l/%C3%A9","/mm/a","/mm/ab","/mm/abcd","/mm/%C3%A9%C3%A9"]],
  [["a",[["v","a b"]]],["a",[["v","a/b"]]],["a",[["v","a?b#c"]]],["a",[["v","é"]]],["a",[["v","!$&'()*+,;=:@"]]],["a",[["v","~_.-"]]],["a",[["v","\"<>`{}|\\^[]%"]]],["l",[["v","abc"]]],["l",[["v","é1"]]]])
c("any", [R("/<any(about, help, 'foo,bar'):p>","a"), R("/x/<any(a.b, 'c d'):p>","x")],
  [G(p) for p in ["/about","/help","/foo,bar","/foo%2Cbar","/abouts","/x/a.b","/x/aXb","/x/c%20d","/ABOUT"]],
  [["a",[["p","about"]]],["a",[["p","foo,bar"]]],["a",[["p","nope"]]],["x",[["p","c d"]]]])
c("uuid", [R("/u/<uuid:v>","u")],
  [G(p) for p in ["/u/a8098c1a-f86e-11da-bd1a-00112444be1e","/u/A8098C1A-F86E-11DA-BD1A-00112444BE1E","/u/a8098c1af86e11dabd1a00112444be1e","/u/{a8098c1a-f86e-11da-bd1a-00112444be1e}","/u/a8098c1a-f86e-11da-bd1a-00112444be1"]],
  [["u",[["v","A8098C1A-F86E-11DA-BD1A-00112444BE1E"]]]])
c("path", [R("/p/<path:v>","p"), R("/q/<path:v>/edit","q"), R("/r/<path:v>/","r")],
  [G(p) for p in ["/p/a","/p/a/b/","/p//a","/p/a//b","/p/","/q/a/b/edit","/q/edit","/q/a/edit/edit","/r/a/b/","/r/a/b","/p/a%20b/c"]],
  [["p",[["v","a/b c"]]],["p",[["v","/a"]]],["r",[["v","a/b"]]],["q",[["v","x"]]]])
c("strict", [R("/a/","a"), R("/b","b"), R("/c/<v>/","c"), R("/d/","d", methods=["POST"]), R("/e","e", strict_slashes=False), R("/f/","f", strict_slashes=False), R("/g/<path:v>","g", strict_slashes=False)],
  [G(p) for p in ["/a","/a/","/b/","/c/x","/c/x/","/e/","/f","/g/x/","/g/x"]]+[("POST","","/d"),("PUT","","/d"),("GET","","/d")])
c("strict_map_false", [R("/a/","a"), R("/b","b"), R("/c/","c", strict_slashes=True)], [G(p) for p in ["/a","/a/","/b","/b/","/c","/c/"]], strict_slashes=False)
c("merge", [R("/a/b","ab"), R("/c/<v>/d","cd"), R("/e/","e"), R("/f//g","fg", merge_slashes=False), R("/h/<path:p>","h")],
  [G(p) for p in ["/a//b","/a/b//","/c//x/d","/c/x//d","/e//","/f//g","/f/g","/h//x","/h/x//y"]])
c("merge_off_map", [R("/a/b","ab"), R("/e/","e")], [G(p) for p in ["/a//b","/e//"]], merge_slashes=False)
c("defaults", [R("/page/","pg", defaults={"n":1}), R("/page/<int:n>","pg"), R("/x/<int:n>","x", defaults={"k":2}), R("/y/<int:n>/<int:k>","x")],
  [G(p) for p in ["/page/","/page/1","/page/01","/page/2","/y/3/2","/y/3/4","/x/3"]],
  [["pg",[]],["pg",[["n",1]]],["pg",[["n",3]]],["x",[["n",3]]],["x",[["n",3],["k",2]]],["x",[["n",3],["k",4]]],["x",[["n",3],["k",4],["z","q"]]]])
c("alias", [R("/","home"), R("/index.html","home", alias=True), R("/u/<int:id>","user"), R("/user/<int:id>","user", alias=True), R("/only-alias","oa", alias=True)],
  [G(p) for p in ["/index.html","/user/3","/only-alias","/u/3"]], [["home",[]],["user",[["id",3]]],["oa",[]]])
c("redirect_to", [R("/old/<int:id>","old", redirect_to="/new/<id>"), R("/new/<int:id>","new")], [G(p) for p in ["/old/3","/new/3"]])
c("methods", [R("/r","g", methods=["GET"]), R("/r","p", methods=["POST"]), R("/s","s", methods=["PUT","DELETE"]), R("/t/","t", methods=["POST"])],
  [("HEAD","","/r"),("POST","","/r"),("PATCH","","/r"),("GET","","/s"),("HEAD","","/s"),("GET","","/t"),("POST","","/t"),("POST","","/t/"),("GET","","/t/")])
c("precedence", [R("/<a>/<b>","ab"), R("/x/<int:b>","xi"), R("/x/<b>","xs"), R("/<path:p>/z","pz"), R("/<a>.<b>","dot"), R("/<a>-<int:b>","dash")],
  [G(p) for p in ["/x/1","/x/y","/q/1","/a/b/z","/a/z","/f.tar.gz","/v-1","/v-1-2","/v-x"]])
c("subdomain", [R("/","idx"), R("/","api", subdomain="api"), R("/<u>","usr", subdomain="<user>"), R("/s/","sub", subdomain="s")], 
  [("GET","example.com","/"),("GET","api.example.com","/"),("GET","bob.example.com","/"),("GET","bob.example.com","/x"),("GET","a.b.example.com","/x"),("GET","s.example.com","/s"),("GET","API.Example.COM","/"),("GET","other.org","/"),("GET","example.com","/x")],
  [["idx",[]],["api",[]],["usr",[["u","x"],["user","bob"]]],["sub",[]]], server_name="example.com", build_host="api.example.com")
c("build_query", [R("/","a"), R("/<x>","b")], [], [["a",[["z",1],["b",2],["a",3]]],["a",[["v",[1,2]]]],["a",[["v","a b&c=d"]]],["a",[["v",True]]],["a",[["v",False]]],["a",[["v",1.5]]],["a",[["v",1e20]]],["a",[["v","é"]]],["b",[["x","é"],["q","?"]]],["a",[["v",[]]]]])

# gen2.py
c("prec2", [R("/<a>","s"), R("/<int:a>","i"), R("/<float:a>","f"), R("/<uuid:a>","u"), R("/<any(x,y):a>","any"), R("/<path:a>","p"), R("/static","st")],
  [G(p) for p in ["/1","/1.5","/x","/z","/static","/a/b","/2b5b0911-fdcf-4dd2-921b-28ace88db8a0","/static/x","/1/2"]])
c("prec3", [R("/a/<x>/c","axc"), R("/a/b/<y>","aby"), R("/<p>/b/c","pbc")], [G(p) for p in ["/a/b/c","/a/x/c","/z/b/c","/a/b/z"]])
c("prec4", [R("/<x>-<y>","xy"), R("/<x>","x"), R("/pre<x>","pre"), R("/<x>suf","suf"), R("/pre<x>suf","presuf")], [G(p) for p in ["/a-b","/prefoo","/foosuf","/prefoosuf","/pre","/suf","/presuf","/a-b-c"]])
c("prec5", [R("/<path:p>/<x>.html","html"), R("/<path:p>","p"), R("/docs/<path:p>","docs"), R("/docs/<int:n>","dn")], [G(p) for p in ["/a/b.html","/a/b/c.html","/docs/a/b.html","/docs/3","/docs/3/x","/x.html"]])
c("slash2", [R("/a/<x>/","ax"), R("/a/<x>","ax2"), R("/b/<path:p>/","bp"), R("/c/","c"), R("/c/<x>","cx")], [G(p) for p in ["/a/1","/a/1/","/b/x","/b/x/y","/b/x/y/","/c","/c/","/c/1","/c/1/"]])
c("slash3", [R("/<path:p>/","pp"), R("/x","x")], [G(p) for p in ["/x","/x/","/y","/y/","/y/z"]])
c("slash4", [R("/f/<int:n>/","fn"), R("/f/<n>","fs")], [G(p) for p in ["/f/1","/f/1/","/f/a","/f/a/"]])
c("slash5", [R("/g/","g"), R("/g","g2", methods=["POST"])], [("GET","","/g"),("POST","","/g"),("POST","","/g/"),("PUT","","/g"),("PUT","","/g/")])
c("methods2", [R("/m","m", methods=["GET","POST"]), R("/m/","ms", methods=["PUT"])], [("GET","","/m"),("PUT","","/m"),("DELETE","","/m"),("GET","","/m/"),("OPTIONS","","/m")])
c("defaults2", [R("/","idx", defaults={"p":1}), R("/<int:p>","idx"), R("/a/<int:x>/","a", defaults={"y":0}), R("/a/<int:x>/<int:y>","a")],
  [G(p) for p in ["/","/1","/2","/a/1/","/a/1/0","/a/1/00","/a/1/5","/a/1"]],
  [["idx",[]],["idx",[["p",1]]],["idx",[["p",2]]],["a",[["x",1]]],["a",[["x",1],["y",0]]],["a",[["x",1],["y",5]]]])
c("defaults_str", [R("/s/","s", defaults={"name":"x"}), R("/s/<name>","s")], [G(p) for p in ["/s/","/s/x","/s/y"]], [["s",[]],["s",[["name","x"]]],["s",[["name","y"]]]])
c("build_method", [R("/a","e", methods=["POST"]), R("/b","e", methods=["GET"]), R("/c","e", methods=["PUT"])], [], [["e",[]],["e",[],"POST"],["e",[],"PUT"],["e",[],"HEAD"],["e",[],"DELETE"]])
c("build_order", [R("/a/<x>","e"), R("/b/<x>/<y>","e"), R("/c","e")], [], [["e",[]],["e",[["x",1]]],["e",[["x",1],["y",2]]],["e",[["y",2]]]])
c("build_only", [R("/bo/<x>","bo", build_only=True), R("/z","z")], [G("/bo/1")], [["bo",[["x",1]]]])
c("unicode", [R("/ü/<x>","u"), R("/a b/","sp"), R("/€","euro")], [G(p) for p in ["/%C3%BC/%C3%A9","/%C3%BC/x","/a%20b","/a%20b/","/%E2%82%AC","/%e2%82%ac"]], [["u",[["x","é"]]],["sp",[]],["euro",[]]])
c("escapes", [R("/<x>","x"), R("/p/<path:p>","p")], [G(p) for p in ["/a%2Fb","/a%25b","/%2E","/%2E%2E","/.","/p/a%2Fb","/p/a/./b","/p/a/../b","/a%3Fb","/%7E"]])

# gen3.py
c("hosts", [R("/","idx", host="app.test"), R("/","lang", host="<lang>.app.test"), R("/d/","docs", host="<lang>.app.test"), R("/p/","pg", host="app.<dom>", defaults={"n":1}), R("/p/<int:n>/","pg", host="pages.<dom>"), R("/x/<int:n>","x", host="<a>.<b>.multi.test"), R("/i/","i", host="<int:v>.num.test"), R("/old","new", host="old.test", alias=True), R("/new","new", host="new.test")],
  [H("GET","app.test","/"),H("GET","de.app.test","/"),H("GET","de.app.test","/d"),H("GET","DE.APP.TEST","/d/"),H("GET","app.foo.test","/p/"),H("GET","pages.foo.test","/p/1/"),H("GET","pages.foo.test","/p/2/"),H("GET","pages.foo.test","/p/2"),H("GET","a.b.c.multi.test","/x/1"),H("GET","12.num.test","/i/"),H("GET","x.num.test","/i/"),H("GET","old.test","/old"),H("GET","zzz.test","/"),H("POST","de.app.test","/d/")],
  [["idx",[]],["lang",[["lang","fr"]]],["pg",[["dom","foo.test"]]],["pg",[["dom","foo.test"],["n",2]]],["x",[["a","p"],["b","q"],["n",3]]],["i",[["v",7]]],["new",[]]], host_matching=True, build_host="de.app.test")

# gen4.py
c("w1", [R("/<any('1', '2'):a>","any"), R("/<int:a>","int")], [G("/1"),G("/2"),G("/3")])
c("w2", [R("/<int:a>","int"), R("/<any('1', '2'):a>","any")], [G("/1")])
c("w3", [R("/<float:a>","float"), R("/<any('1.5'):a>","any")], [G("/1.5")])
c("w4", [R("/<any(a):x>","any"), R("/<uuid:x>","uuid"), R("/<path:x>","path"), R("/<x>","str")], [G("/a"),G("/2b5b0911-fdcf-4dd2-921b-28ace88db8a0"),G("/b")])
c("w5", [R("/<x>","str"), R("/<uuid:x>","uuid"), R("/<any(a):x>","any")], [G("/a"),G("/2b5b0911-fdcf-4dd2-921b-28ace88db8a0")])
c("w6", [R("/v<int:n>","vint"), R("/<x>","str"), R("/v<x>","vstr"), R("/<int:n>v","intv")], [G("/v1"),G("/vx"),G("/1v"),G("/v")])
c("w7", [R("/<a>/<b>","ab"), R("/<path:p>","p"), R("/<int:a>/<path:p>","ip")], [G("/1/2"),G("/x/2"),G("/1/2/3")])

# gen5.py
c("t1", [R("/<slug>","slug"), R("/<string(length=2):l>","len2")], [G("/ab")])
c("t2", [R("/<string(length=2):l>","len2"), R("/<slug>","slug")], [G("/ab")])
c("t3", [R("/<any('1', '2'):a>","any"), R("/<int:a>","int")], [G("/1")])
c("t4", [R("/<int:a>","int"), R("/<any('1', '2'):a>","any")], [G("/1")])
c("t5", [R("/<any('1.5'):a>","any"), R("/<float:a>","float")], [G("/1.5")])
c("t6", [R("/<any(a, b):a>/x","any"), R("/<int:a>/x","int"), R("/<a>/x","str")], [G("/1/x"), G("/a/x"), G("/c/x")])

# gen6.py
q = "!$&'()*+,/:;=?@[]#%^`{}|\\\"<> ~-._é\t"
c("qenc", [R("/","a"), R("/<x>","b"), R("/p/<path:x>","p")], [],
  [["a",[["v",q]]],["a",[[q,"1"]]],["b",[["x",q]]],["p",[["x","a/"+q]]],["a",[["v",-0.0]]],["a",[["v",1e16]]],["a",[["v",1.5e-7]]],["a",[["v",123456789012345678]]],["a",[["v",0.1]]],["a",[["v",100.0]]]])
c("redir_quote", [R("/<c>/","c"), R("/d/<c>","d", defaults={"page":1}), R("/d/<c>/<int:page>","d"), R("/p/<path:x>/","p")],
  [G("/a%20b"),G("/a%2Fb"),G("/%C3%A9"),G("/a%3Fb"),G("/a%23b"),G("/a%25b"),G("/a+b"),G("/a;b"),G("/d/a%20b/1"),G("/d/a%3Fb/1"),G("/p/a%20b/c%3F"),G("/p/x%2Fy")])

# gen7.py
c("enc", [R("/p/<path:x>/","p"), R("/q/<path:x>","q"), R("/r/<path:x>/edit","r"), R("/s/<x>/","s")],
  [G("/p/x%2Fy/"),G("/p/x%2Fy"),G("/p/x/y"),G("/q/x%2Fy"),G("/r/x%2Fy/edit"),G("/r/x/y%2Fedit"),G("/s/x%2Fy"),G("/s/x%2Fy/")])

# gen8.py
M=["GET"]
c("combo1", [R("/a/","a", defaults={"n":1}, methods=M), R("/a/<int:n>/","a", methods=M), R("/b/<int:n>","b", methods=M), R("/b/<int:n>/x/","bx", methods=M), R("/c/<path:p>/<int:n>","c", methods=M), R("/d/<x>/<path:p>/","d", methods=M)],
  [G(p) for p in ["/a","/a/1","/a/1/","/a/2","/b/1/x","/b/1/","/c/x/y/3","/c/x/3/","/c/3","/d/a/b","/d/a/b/c/","/d/a//b/","/a//1/"]])
c("combo2", [R("/","i", methods=M), R("/<int:p>","i", methods=M, defaults={"q":0}), R("/<int:p>/<int:q>","i", methods=M)],
  [G(p) for p in ["/1/0","/1/1","/1","/"]], [["i",[]],["i",[["p",1]]],["i",[["p",1],["q",0]]],["i",[["p",1],["q",2]]],["i",[["q",2]]]])
c("combo3", [R("/x/<a>.<b>","ab", methods=M), R("/x/<a>","a", methods=M), R("/y/<a>-<int:b>-<c>","y", methods=M), R("/z/<int:a><b>","z", methods=M)],
  [G(p) for p in ["/x/a.b","/x/a.b.c","/x/.b","/x/a.","/y/a-1-c","/y/a-b-1-c-d","/y/a-1","/z/12ab","/z/12","/z/1a2"]])
c("combo4", [R("/h/","h", methods=["GET","POST"]), R("/h","hp", methods=["PUT"]), R("/k","k", methods=["DELETE"], strict_slashes=False), R("/k/","k2", methods=["GET"])],
  [("GET","","/h"),("POST","","/h"),("PUT","","/h"),("PUT","","/h/"),("DELETE","","/k/"),("GET","","/k"),("GET","","/k/"),("PATCH","","/k")])

# gen9.py
c("port80", [R("/foo","foo"), R("/","api", subdomain="api")], [("GET","localhost","/foo"),("GET","api.localhost","/"),("GET","api.localhost:80","/"),("GET","api.localhost:8080","/")], [["api",[]]], server_name="localhost:80", build_host="localhost")
c("port5000", [R("/foo","foo"), R("/","api", subdomain="api")], [("GET","localhost:5000","/foo"),("GET","api.localhost:5000","/"),("GET","api.localhost","/")], [["api",[]]], server_name="localhost:5000", build_host="localhost:5000")

# Rule text: refused, or accepted and matched. A case whose rules fwk
# refuses and Werkzeug accepts has no requests, so that the lines align.
c("r_int_empty_args", [R("/<int()>", "r")])
c("r_int_positional", [R("/<int(4):n>", "r")], ["/0042", "/42"])
c("r_int_spaces", [R("/<int( 4 ):n>", "r")], ["/0042"])
c("r_int_trailing_comma", [R("/<int(4,):n>", "r")], ["/0042"])
c("r_int_leading_comma", [R("/<int(,4):n>", "r")])
c("r_int_unknown_arg", [R("/<int(foo=1):n>", "r")])
c("r_int_signed_text", [R("/<int(signed=true):n>", "r")], ["/-3"])
c("r_string_positional", [R("/<string(2):s>", "r")], ["/a", "/ab"])
c("r_string_length_max", [R("/<string(length=2, maxlength=3):s>", "r")], ["/ab", "/abc"])
c("r_float_min", [R("/<float(min=0.5):f>", "r")], ["/0.4", "/0.5"])
c("r_any_quoted_comma", [R("/<any('a,b', c):x>", "r")], ["/a,b", "/c", "/a"])
c("r_any_space", [R("/<any(a b):x>", "r")])
c("r_unknown_converter", [R("/<x:y>", "r")])
c("r_unclosed", [R("/<int:n", "r")])
c("r_bad_name", [R("/<int:1n>", "r")])
c("r_duplicate_name", [R("/<a>/<a>", "r")])
c("r_no_slash", [R("no-slash", "r")])
c("r_adjacent", [R("/<a><b>", "r")], ["/xy", "/x"])
c("r_adjacent_ints", [R("/<int:a><int:b>", "r")], ["/123"])
c("r_space", [R("/x y", "r")], ["/x%20y", "/x+y"])
c("r_non_ascii", [R("/ü", "r")], ["/%C3%BC", "/%C3%9C"])
c("r_two_paths", [R("/<path:p>/<path:q>", "r")], ["/a/b/c"])
c("r_path_then_string", [R("/<path:p><x>", "r")], ["/a/bc"])
c("r_path_args", [R("/<path(1):p>", "r")])
c("r_uuid_args", [R("/<uuid(1):u>", "r")])
c("r_any_empty", [R("/<any():a>", "r")])
c("r_string_minlength_0", [R("/<string(minlength=0):s>", "r")])
c("r_dot_segment", [R("/a/../b", "r")])
c("r_dot_segment_2", [R("/a/./b", "r")])
c("r_int_negative_arg", [R("/<int(signed=True, min=-5):n>", "r")])
c("r_empty_slashes", [R("/a//b", "r"), R("//c", "c")], ["/a/b", "/c"])

# Map options that are Router fields: redirect_defaults, default_subdomain.
c("no_redirect_defaults", [R("/page/", "pg", defaults={"n": 1}), R("/page/<int:n>", "pg"), R("/", "home"), R("/index.html", "home", alias=True)],
  ["/page/1", "/page/2", "/index.html", "/page"], [["pg", [["n", 1]]], ["home", []]], redirect_defaults=False)
c("default_subdomain", [R("/", "index", subdomain=""), R("/", "static"), R("/<word>", "lookup", subdomain="<lang>"), R("/docs/", "docs")],
  [H("GET", "app.test", "/"), H("GET", "static.app.test", "/"), H("GET", "jp.app.test", "/x"), H("GET", "static.app.test", "/docs"),
   H("GET", "www.app.test", "/"), H("GET", "www.app.test", "/docs/")],
  [["static", []], ["docs", []], ["lookup", [["lang", "de"], ["word", "x"]]]], server_name="app.test", default_subdomain="static", build_host="app.test")
c("server_name_hosts", [R("/", "index"), R("/", "alt", subdomain="alt"), R("/a/", "a", subdomain="alt"), R("/p/<int:n>", "p", subdomain="<sub>")],
  [H("GET", "example.invalid", "/"), H("GET", "alt.example.invalid", "/"), H("GET", "ALT.Example.Invalid", "/a"), H("GET", "x.example.invalid", "/p/3"),
   H("GET", "x.y.example.invalid", "/p/3"), H("POST", "alt.example.invalid", "/a/")],
  [["alt", []], ["a", []], ["p", [["n", 3], ["sub", "q"]]], ["index", []]], server_name="example.invalid", build_host="alt.example.invalid")

# Reserved and other characters written in a rule, requested plain and
# escaped, and built.
c("literals", [R("/100%", "pct"), R("/a?b", "q"), R("/c;d", "semi"), R("/e:f/", "colon"), R("/~g", "tilde"), R("/h@i", "at"), R("/j'k", "quote"), R("/l(m)", "paren")],
  ["/100%25", "/100%", "/a%3Fb", "/c;d", "/c%3Bd", "/e:f", "/e%3Af/", "/~g", "/%7Eg", "/h@i", "/h%40i", "/j'k", "/j%27k", "/l(m)", "/l%28m%29"],
  [["pct", []], ["q", []], ["semi", []], ["colon", []], ["tilde", []], ["at", []], ["quote", []], ["paren", []]])

here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "cases.json"), "w") as f:
    f.write("[\n" + ",\n".join(json.dumps(c, ensure_ascii=False) for c in cases) + "\n]\n")
