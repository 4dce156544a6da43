package deadline_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/fwkgo/fwk/internal/deadline"
)

// A server with every timeout, applied by this package: the http.Server
// keeps ReadHeaderTimeout and IdleTimeout, and leaves ReadTimeout and
// WriteTimeout to Handler and Listener.
func Example() {
	hello := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "hello\n")
	})
	const header, read, write, idle = 10 * time.Second, 60 * time.Second, 60 * time.Second, 120 * time.Second
	srv := &http.Server{
		Handler:           deadline.Handler(hello, read, write),
		ReadHeaderTimeout: header,
		IdleTimeout:       idle,
		ConnState:         deadline.ConnState,
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go func() { _ = srv.Serve(deadline.Listener(ln, write, header)) }()
	defer srv.Close()

	resp, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Print(resp.Status, " ", string(body))
	// Output: 200 OK hello
}
