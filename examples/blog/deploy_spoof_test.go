//go:build postgres

package main

// Forwarded client addresses in the deployment test (TestDeploy): one
// replica sits behind a second proxy that appends to the forwarding
// headers (httputil.ReverseProxy, as a sidecar or an ingress would), every
// user comes from its own loopback address, and a client that sends its
// own X-Forwarded-For ending in a quote tries wrong passwords at the
// login limit. The replicas' access logs must name the real clients.

import (
	"bufio"
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// appendedReplica is the replica (index) behind the appending proxy.
const appendedReplica = 2

// spoofAddr is the address of the spoofing client; userAddr(i) the i-th
// user's.
const spoofAddr = "127.0.0.99"

func userAddr(i int) string { return fmt.Sprintf("127.0.0.%d", 10+i) }

// dialFrom dials from the loopback address local.
func dialFrom(local string) func(ctx context.Context, network, addr string) (net.Conn, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 5 * time.Second}
	return d.DialContext
}

// checkSourceAddrs skips the test where connections cannot come from
// other loopback addresses than 127.0.0.1.
func checkSourceAddrs(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := dialFrom(spoofAddr)(context.Background(), "tcp", ln.Addr().String())
	if err != nil {
		t.Skipf("cannot connect from %s on this system (the test gives each client its own loopback address): %v", spoofAddr, err)
	}
	c.Close()
}

// startAppendingProxy serves an httputil.ReverseProxy to the replica at
// target on a new loopback port and returns that port's address: it
// appends its peer (HAProxy) to X-Forwarded-For on one line, as
// ReverseProxy's SetXForwarded does, and "http" (its own hop) to
// X-Forwarded-Proto. One connection per request, as HAProxy's
// http-server-close, so that a replica's restart never races an idle one.
func startAppendingProxy(t *testing.T, target string) string {
	t.Helper()
	u, _ := url.Parse("http://" + target)
	rp := &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(u)
			pr.Out.Host = pr.In.Host
			pr.Out.Header["X-Forwarded-For"] = pr.In.Header["X-Forwarded-For"]
			pr.SetXForwarded() // appends the peer to X-Forwarded-For (and sets -Host and -Proto, replaced below)
			pr.Out.Header.Del("X-Forwarded-Host")
			proto := append(pr.In.Header.Values("X-Forwarded-Proto"), "http")
			pr.Out.Header.Set("X-Forwarded-Proto", strings.Join(proto, ", "))
		},
		Transport: &http.Transport{DisableKeepAlives: true},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: rp, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

// spoofResult is what the spoofing client saw.
type spoofResult struct{ sent, refused int }

// spoofLogins sends wrong-password logins from spoofAddr, each with an
// X-Forwarded-For of its own ending in a '"' (a different 10.0.0.x each
// time), paced under the global limit (8/s on each replica): the
// per-client limit (10 a minute on each replica) refuses it once each
// replica has seen ten, which it would not if a replica took the spoofed
// address for the client's. Round-robin among the users' requests gives
// each replica about a third of the attempts, well over ten.
func spoofLogins(d *deployment) spoofResult {
	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Jar: jar, Timeout: 20 * time.Second, Transport: &http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: d.roots}, DialContext: dialFrom(spoofAddr)}}
	defer cl.CloseIdleConnections()
	var res spoofResult
	tok := ""
	for i := 0; i < deployReplicas*30; i++ {
		if tok == "" {
			tok = pageToken(cl, d.base+"/login")
		}
		form := url.Values{"name": {"user1"}, "password": {"wrong"}, "csrf_token": {tok}}
		req, _ := http.NewRequest("POST", d.base+"/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", d.base)
		req.Header.Set("X-Forwarded-For", fmt.Sprintf(`10.0.0.%d, "`, i+1))
		if r, err := cl.Do(req); err == nil {
			r.Body.Close()
			res.sent++
			if r.StatusCode == http.StatusTooManyRequests {
				res.refused++
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return res
}

// pageToken gets a page and returns its CSRF token, or "".
func pageToken(cl *http.Client, u string) string {
	res, err := cl.Get(u)
	if err != nil {
		return ""
	}
	defer res.Body.Close()
	var b strings.Builder
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		b.WriteString(sc.Text())
	}
	if m := deployCSRFField.FindStringSubmatch(b.String()); m != nil {
		return m[1]
	}
	return ""
}

var accessRecord = regexp.MustCompile(`msg=request method=(\S+) path=(\S+) client=(\S+) status=(\d+)`)

// checkClientAddrs reads the replicas' access logs: no request is
// logged with a spoofed address; the replica behind two proxies logs the
// users' own addresses; each replica let the spoofing client try at most
// ten passwords (plus what its bucket refilled during the run).
func checkClientAddrs(d *deployment, spoof spoofResult) {
	t := d.t
	users := map[string]bool{}
	for i := range deployUsers {
		users[userAddr(i)] = true
	}
	for i := range deployReplicas {
		f, err := os.Open(filepath.Join(d.dir, fmt.Sprintf("blog%d.log", i+1)))
		if err != nil {
			t.Fatal(err)
		}
		fromUsers, spoofTries, spoofAllowed, spoofed, first := 0, 0, 0, 0, ""
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			m := accessRecord.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			method, path, client, status := m[1], m[2], m[3], m[4]
			switch {
			case strings.HasPrefix(client, "10."):
				if spoofed++; first == "" {
					first = sc.Text()
				}
			case users[client]:
				fromUsers++
			case client == spoofAddr && method == "POST" && path == "/login":
				spoofTries++
				if status == "200" {
					spoofAllowed++
				}
			}
		}
		f.Close()
		if spoofed > 0 {
			t.Errorf("replica %d logged %d requests with a spoofed client address; the first: %s", i+1, spoofed, first)
		}
		fmt.Printf("  replica %d: %d requests logged from the users' addresses; spoofing client: %d logins, %d not refused\n",
			i+1, fromUsers, spoofTries, spoofAllowed)
		if fromUsers < 50 {
			t.Errorf("replica %d logged %d requests from the users' own addresses, want their addresses resolved", i+1, fromUsers)
		}
		if spoofTries <= 12 {
			t.Errorf("replica %d got %d of the spoofing client's logins, too few to judge its limit", i+1, spoofTries)
		}
		if spoofAllowed > 12 { // 10 a minute per client, refilled for about a minute
			t.Errorf("replica %d let the spoofing client try %d passwords, want at most 10 (and its refill)", i+1, spoofAllowed)
		}
	}
	fmt.Printf("  spoofing client: %d logins sent, %d refused (429)\n", spoof.sent, spoof.refused)
	if spoof.refused == 0 {
		t.Errorf("the spoofing client's %d logins were never refused", spoof.sent)
	}
}
