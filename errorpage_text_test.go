package fwk_test

import (
	"html"
	"regexp"
	"strings"
)

var (
	mainPart = regexp.MustCompile(`(?s)<main>(.*)</main>`)
	htmlTag  = regexp.MustCompile(`<[^>]*>`)
)

// pageText returns the text of the <main> of an HTML page, its lines
// joined with " | ", or body as it is when it has no <main>.
func pageText(body string) string {
	m := mainPart.FindStringSubmatch(body)
	if m == nil {
		return strings.TrimSpace(body)
	}
	var lines []string
	for _, l := range strings.Split(m[1], "\n") {
		if t := strings.TrimSpace(html.UnescapeString(htmlTag.ReplaceAllString(l, ""))); t != "" {
			lines = append(lines, t)
		}
	}
	return strings.Join(lines, " | ")
}
