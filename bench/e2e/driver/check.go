package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/fwkgo/fwk/bench/e2e/workload"
)

var client = &http.Client{Timeout: 10 * time.Second}

// checkAll starts each variant and checks its answers to every workload it
// serves (what CI runs).
func (e *env) checkAll(vs []variant) error {
	for _, v := range vs {
		for _, w := range v.workloads {
			p, err := e.start(v, w)
			if err != nil {
				return err
			}
			err = e.check(w)
			p.stop()
			if err != nil {
				return fmt.Errorf("%s, %s: %w", v.label, w, err)
			}
		}
		fmt.Fprintf(os.Stderr, "%-32s answers %s correctly\n", v.label, strings.Join(v.workloads, ", "))
	}
	return nil
}

// check sends the requests of workload w and compares the answers.
func (e *env) check(w string) error {
	switch w {
	case "user":
		var u workload.User
		if err := e.expect("GET", "/users/12345", "", 200, &u); err != nil {
			return err
		}
		if u != workload.UserFor(12345) {
			return fmt.Errorf("GET /users/12345 = %+v, want %+v", u, workload.UserFor(12345))
		}
		return e.expect("GET", "/users/abc", "", 404, nil)
	case "post":
		var c workload.Created
		if err := e.expect("POST", "/signup", workload.SignupBody, 201, &c); err != nil {
			return err
		}
		if want := (workload.Created{ID: 1, Name: "Ann Marie Smithson"}); c != want {
			return fmt.Errorf("POST /signup = %+v, want %+v", c, want)
		}
		return e.expect("POST", "/signup", `{"name":"A","email":"nope"}`, 0, nil)
	}
	for _, rt := range e.routes {
		var body string
		if err := e.expect(rt.Method, rt.Path, "", 200, &body); err != nil {
			return err
		}
		if body != rt.Want() {
			return fmt.Errorf("%s %s = %q, want %q", rt.Method, rt.Path, body, rt.Want())
		}
	}
	return nil
}

// expect sends one request and checks its status (0: any 4xx); into, when
// not nil, receives the JSON body (or the text, for a *string).
func (e *env) expect(method, path, body string, status int, into any) error {
	req, err := http.NewRequest(method, "http://"+e.addr+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if status == 0 && (resp.StatusCode < 400 || resp.StatusCode > 499) || status != 0 && resp.StatusCode != status {
		return fmt.Errorf("%s %s = %d %q, want %d", method, path, resp.StatusCode, data, status)
	}
	switch v := into.(type) {
	case nil:
	case *string:
		*v = string(data)
	default:
		if err := json.Unmarshal(data, v); err != nil {
			return fmt.Errorf("%s %s: %w in %q", method, path, err, data)
		}
	}
	return nil
}
