//go:build postgres

package main

// The parts of the deployment test (TestDeploy): a private PostgreSQL
// server on a unix socket, redis-server, HAProxy ending TLS with a
// throw-away certificate, and blog processes, all on loopback, all stopped
// when the test ends.

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"text/template"
	"time"
)

// deployTools finds the programs the test needs, or says what is missing.
func deployTools() (pgBin, redis, haproxy string, missing []string) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Strings(dirs)
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			pgBin = d
		}
	}
	if pgBin == "" {
		missing = append(missing, "postgresql (initdb)")
	}
	var err error
	if redis, err = exec.LookPath("redis-server"); err != nil {
		missing = append(missing, "redis-server")
	}
	if haproxy, err = exec.LookPath("haproxy"); err != nil {
		missing = append(missing, "haproxy")
	}
	return pgBin, redis, haproxy, missing
}

// freePort returns a loopback address nothing listens on.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// asUser runs name as the postgres user when the test runs as root
// (initdb refuses root), else as the test's user.
func asUser(root bool, name string, args ...string) *exec.Cmd {
	if root {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", name}, args...)...)
	}
	return exec.Command(name, args...)
}

// startPostgres starts a private server listening on a unix socket in a
// new directory and returns its DSN.
func startPostgres(t *testing.T, pgBin string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "fwk-deploy-pg")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	root := os.Geteuid() == 0
	if root {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Skipf("running as root without a postgres user: %v", err)
		}
		var uid, gid int
		fmt.Sscan(u.Uid, &uid)
		fmt.Sscan(u.Gid, &gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	data := filepath.Join(dir, "data")
	run := func(cmd *exec.Cmd) {
		t.Helper()
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", cmd, err, out)
		}
	}
	run(asUser(root, filepath.Join(pgBin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C"))
	// -t: pg_ctl's wait for the server (60 s by default) is a bound, generous
	// for a busy machine; it ends as soon as the server accepts connections.
	run(asUser(root, filepath.Join(pgBin, "pg_ctl"), "-D", data, "-l", filepath.Join(dir, "log"), "-w", "-t", "300",
		"-o", "-c listen_addresses='' -k "+dir+" -c max_connections=200 -c fsync=off", "start"))
	t.Cleanup(func() {
		_ = asUser(root, filepath.Join(pgBin, "pg_ctl"), "-D", data, "-m", "immediate", "stop").Run()
	})
	return "postgres:///postgres?host=" + dir + "&user=postgres"
}

// proc is a child process with its output in a file.
type proc struct {
	name string
	cmd  *exec.Cmd
	out  *os.File
	done chan struct{}
}

// startProc starts argv with env added to the test's environment.
func startProc(t *testing.T, dir, name string, env []string, argv ...string) *proc {
	t.Helper()
	out, err := os.OpenFile(filepath.Join(dir, name+".log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	p := &proc{name: name, cmd: cmd, out: out, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); out.Close(); close(p.done) }()
	t.Cleanup(func() { p.stop(syscall.SIGKILL) })
	return p
}

// stop sends sig and waits for the process to end (SIGKILL after 20s).
func (p *proc) stop(sig syscall.Signal) {
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.done:
	case <-time.After(20 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// waitUntil polls ok every 20ms until it holds. It fails the test when p
// exits first, with p's output, or, as a last resort generous for a busy
// machine, after startBound: the wait is no assertion on time.
func (p *proc) waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	bound := time.After(startBound)
	for !ok() {
		select {
		case <-p.done:
			out, _ := os.ReadFile(p.out.Name())
			t.Fatalf("%s exited (%v) before %s:\n%s", p.name, p.cmd.ProcessState, what, out)
		case <-bound:
			t.Fatalf("%s: %s not seen within %v", p.name, what, startBound)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// listening reports whether addr accepts TCP connections.
func listening(addr string) bool {
	c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
	if err == nil {
		c.Close()
	}
	return err == nil
}

// startRedis starts redis-server on addr, saving its data to dir when it
// stops (so that a restart keeps the sessions).
func startRedis(t *testing.T, bin, dir, addr string) *proc {
	t.Helper()
	_, port, _ := net.SplitHostPort(addr)
	p := startProc(t, dir, "redis", nil, bin, "--bind", "127.0.0.1", "--port", port, "--dir", dir,
		"--dbfilename", "sessions.rdb", "--save", "3600 1", "--appendonly", "no", "--protected-mode", "no")
	p.waitUntil(t, "listening on "+addr, func() bool { return listening(addr) })
	return p
}

// writeCert writes a self-signed certificate for 127.0.0.1 and its key
// into one PEM file (as HAProxy's crt wants) and returns its path and the
// pool a client trusts it with.
func writeCert(t *testing.T, dir string) (string, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	_ = pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: der})
	_ = pem.Encode(&b, &pem.Block{Type: "EC PRIVATE KEY", Bytes: kder})
	path := filepath.Join(dir, "proxy.pem")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return path, pool
}

// haproxyServer is one backend line of deploy/haproxy.cfg.
type haproxyServer struct{ Name, Addr string }

// startHAProxy writes deploy/haproxy.cfg with the addresses filled in and
// runs HAProxy in the foreground.
func startHAProxy(t *testing.T, bin, dir, bind, cert string, servers []haproxyServer) *proc {
	t.Helper()
	tmpl, err := template.ParseFiles(filepath.Join("deploy", "haproxy.cfg"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg bytes.Buffer
	if err := tmpl.Execute(&cfg, map[string]any{"Bind": bind, "Cert": cert, "Servers": servers}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(path, cfg.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-c", "-f", path).CombinedOutput(); err != nil {
		t.Fatalf("haproxy -c: %v\n%s", err, out)
	}
	p := startProc(t, dir, "haproxy", nil, bin, "-db", "-f", path)
	p.waitUntil(t, "listening on "+bind, func() bool { return listening(bind) })
	return p
}

// buildBlog builds the blog with PostgreSQL support into dir.
func buildBlog(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "blog")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", "postgres", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// ready reports whether the replica at addr answers its readiness probe.
func ready(addr string) bool {
	res, err := http.Get("http://" + addr + "/readyz")
	if err != nil {
		return false
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

// haproxyErrors summarizes HAProxy's log lines (option httplog) of the
// answers that were not 2xx or 3xx or did not end normally: the status and
// termination state HAProxy gave, and the first lines.
func haproxyErrors(path string) string {
	b, _ := os.ReadFile(path)
	counts := map[string]int{}
	var first []string
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		// client [date] frontend backend/server timers status bytes - - state ...
		if len(f) < 11 || !strings.HasPrefix(f[1], "[") ||
			(strings.HasPrefix(f[5], "2") || strings.HasPrefix(f[5], "3")) && f[9] == "----" {
			continue
		}
		counts[f[5]+" "+f[9]]++
		if len(first) < 3 {
			first = append(first, line)
		}
	}
	if len(counts) == 0 {
		return "  haproxy: every answer 2xx or 3xx, ended normally\n"
	}
	return fmt.Sprintf("  haproxy: other answers by status and termination state: %v\n    %s\n", counts, strings.Join(first, "\n    "))
}

// tail returns the last lines of a log file, for failure messages.
func tail(path string, n int) string {
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
