package bench

// BindJSON's bodies served by net/http's own server over a connection in
// memory (see memConn): the request body is then the server's,
// which the in-process BindJSON, handing the handler a bytes.Reader, does
// not show.

import (
	"fmt"
	"net/http"
	"testing"
)

// postReqs is POST /<path> with signupBody, as a client sends it.
func postReqs(path string) [][]byte {
	return [][]byte{[]byte(fmt.Sprintf("POST %s HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		path, len(signupBody), signupBody))}
}

func bindServer(tb testing.TB) func([]route) (http.Handler, error) {
	return func([]route) (http.Handler, error) { return bindApp(tb), nil }
}

func ginBindServer([]route) (http.Handler, error) { return ginBindEngine(), nil }

func TestAppHTTPPostAnswers(t *testing.T) {
	for _, c := range []struct {
		s    httpServer
		path string
	}{{httpServer{"fwk-body", bindServer(t)}, "/body"}, {httpServer{"fwk-bind", bindServer(t)}, "/bind"}, {httpServer{"gin", ginBindServer}, "/bind"}} {
		checkHTTPAnswers(t, c.s, nil, postReqs(c.path), "204 |")
	}
}

func BenchmarkAppHTTPPost(b *testing.B) {
	benchHTTP(b, []httpServer{{"fwk-body", bindServer(b)}}, nil, postReqs("/body"))
	benchHTTP(b, []httpServer{{"fwk-bind", bindServer(b)}}, nil, postReqs("/bind"))
	benchHTTP(b, []httpServer{{"gin", ginBindServer}}, nil, postReqs("/bind"))
}
