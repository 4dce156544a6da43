package fwk_test

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// TestCSRFTemplateWarningWhenServing: a template calling csrfToken without
// SECRET_KEY is warned of when the app serves, naming file and line, and
// not when it is only built (the urls command, tests through ServeHTTP).
func TestCSRFTemplateWarningWhenServing(t *testing.T) {
	logs := &syncBuffer{}
	cfg := sessConfig(logs)
	cfg.SecretKey = ""
	page := fstest.MapFS{"form.html": {Data: []byte("<form>\n{{csrfToken}}</form>")}}
	app := mustNew(t, cfg, tplApp{tpl: page}.with(sessionRoutes()))
	app.SetOutput(&strings.Builder{})
	if err := app.Run([]string{"app", "urls"}); err != nil {
		t.Fatal(err)
	}
	hreq(app, "GET", "/")
	if strings.Contains(logs.String(), "csrfToken") {
		t.Errorf("warned before serving:\n%s", logs)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Serve(ctx, ln) }()
	if res, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
		res.Body.Close()
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if l := logs.String(); !strings.Contains(l, "a template calls csrfToken but SECRET_KEY is not set") || !strings.Contains(l, "line=2") {
		t.Errorf("no warning naming file and line when serving:\n%s", l)
	}
}
