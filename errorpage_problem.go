package fwk

// Error answers as RFC 9457 problem details, with Config.ErrorFormat
// "problem+json" (ERROR_FORMAT), for clients and tools that read the
// ecosystem's shape rather than fwk's {"error", "status"}:
//
//	HTTP/1.1 422 Unprocessable Entity
//	Content-Type: application/problem+json
//
//	{"type": "about:blank", "title": "Unprocessable Entity", "status": 422,
//	 "detail": "Unprocessable Entity", "errors": {"title": ["This field is required."]},
//	 "details": [{"message": "This field is required.", "location": "body.title"}]}
//
// type is "about:blank" (the problem is what the status says), title the
// status text, detail the message the user may see (ErrorMessage), and
// two extension members: "errors", the messages per field of a
// *ValidationError, and "details", the refused values (ErrorDetail);
// "debug" holds the details of a server error with Config.Debug, as in
// fwk's shape.

import (
	"encoding/json"
	"net/http"
)

// problemDetails is the JSON of an RFC 9457 problem.
type problemDetails struct {
	Type    string              `json:"type"`
	Title   string              `json:"title"`
	Status  int                 `json:"status"`
	Detail  string              `json:"detail,omitempty"`
	Errors  map[string][]string `json:"errors,omitempty"`
	Details []ErrorDetail       `json:"details,omitempty"`
	Debug   *ErrorDebug         `json:"debug,omitempty"`
}

// writeProblem writes p as application/problem+json.
func (p *ErrorPage) writeProblem(w http.ResponseWriter) {
	body, err := json.Marshal(problemDetails{Type: "about:blank", Title: p.Title, Status: p.Status,
		Detail: p.Message, Errors: p.Fields, Details: p.Details, Debug: p.Debug})
	if err != nil { // strings and ints always encode
		body = []byte(`{"type":"about:blank","title":"Internal Server Error","status":500}`)
	}
	p.header(w, "application/problem+json")
	_, _ = w.Write(append(body, '\n'))
}
