//go:build postgres

package main

// The deployment test's verdicts on what the users did (TestDeploy):
// every kind of request succeeded often enough, and every write, answered
// or not, is stored at most once (exactly once when acknowledged).

import (
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// deployMinOK is the fewest successful answers (2xx, 3xx) each kind of
// request must get in a run: a kind that stopped succeeding fails the test
// instead of being left out of the verdicts. The users log in once each.
var deployMinOK = map[string]int{
	"login page": deployUsers, "login": deployUsers,
	"contact page": 30, "contact post": 30, "home page": 60, "api post": 30, "api comment": 30,
}

// checkMinimums fails the test for each kind of request (deployMinOK) that
// got fewer successful answers than its minimum, or that no user sent.
func checkMinimums(t *testing.T, l *ledger) {
	t.Helper()
	ok := map[string]int{}
	for _, r := range l.results {
		if r.status >= 200 && r.status < 400 {
			ok[r.op]++
		}
	}
	kinds := make([]string, 0, len(deployMinOK))
	for k := range deployMinOK {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, " %s %d (min %d);", k, ok[k], deployMinOK[k])
		if ok[k] < deployMinOK[k] {
			t.Errorf("%q succeeded %d times, want at least %d", k, ok[k], deployMinOK[k])
		}
	}
	fmt.Printf("  successes by kind:%s\n", strings.TrimSuffix(b.String(), ";"))
}

// checkWrites checks that every acknowledged write is in PostgreSQL
// exactly once, every write sent without an acknowledgement (a 5xx, a lost
// answer) at most once, and nothing else is stored.
func checkWrites(t *testing.T, dsn string, l *ledger) {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []struct {
		what, query string
		acked       []string
	}{
		{"post", `SELECT title, COUNT(*) FROM posts GROUP BY title`, l.posts},
		{"comment", `SELECT body, COUNT(*) FROM comments GROUP BY body`, l.comments},
		{"contact message", `SELECT name, COUNT(*) FROM messages GROUP BY name`, l.messages},
	} {
		counts := storedCounts(t, db, q.query)
		bad, unackedStored := 0, 0
		for _, k := range q.acked {
			if counts[k] != 1 {
				bad++
				t.Errorf("acknowledged %s %q is in PostgreSQL %d times, want once", q.what, k, counts[k])
			}
		}
		for k, n := range counts {
			switch {
			case slices.Contains(q.acked, k):
			case !slices.Contains(l.unacked, k):
				bad++
				t.Errorf("%s %q is in PostgreSQL %d times but no user sent it", q.what, k, n)
			case n > 1:
				bad++
				t.Errorf("unacknowledged %s %q is in PostgreSQL %d times, want at most once", q.what, k, n)
			default:
				unackedStored++
			}
		}
		fmt.Printf("  %s: %d acknowledged, %d stored (%d of them unacknowledged), %d not as they should be\n",
			q.what, len(q.acked), len(counts), unackedStored, bad)
	}
	fmt.Printf("  writes sent without an acknowledgement: %d\n", len(l.unacked))
}

// storedCounts runs query (key, count rows) and returns the counts.
func storedCounts(t *testing.T, db *sql.DB, query string) map[string]int {
	t.Helper()
	counts := map[string]int{}
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int
		if err := rows.Scan(&k, &n); err != nil {
			t.Fatal(err)
		}
		counts[k] = n
	}
	return counts
}
