// Package suggest finds, among known names, the one a mistyped name was
// meant to be: the "did you mean" of fwk's errors for unknown endpoints,
// view methods and templates.
package suggest

import (
	"fmt"
	"strings"
)

// Closest returns the name of known nearest to name by edit distance
// (insertions, deletions, substitutions and swaps of two neighbours, each
// one edit; case ignored), when it is near enough to be a typo: at
// most a third of name's length apart, and at least one edit allowed. On a
// tie the first in known wins. It returns "" when none is near enough or
// name itself is known.
func Closest(name string, known []string) string {
	limit := max(1, len([]rune(name))/3)
	best, bestD := "", limit+1
	lower := strings.ToLower(name)
	for _, k := range known {
		if k == name {
			return ""
		}
		if d := distance(lower, strings.ToLower(k), bestD); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// Hint is `; did you mean "x"?` for the Closest name, or "".
func Hint(name string, known []string) string {
	if c := Closest(name, known); c != "" {
		return fmt.Sprintf("; did you mean %q?", c)
	}
	return ""
}

// distance is the optimal string alignment distance of a and b
// (Levenshtein's, with a swap of two neighbouring letters as one edit), or
// bound when it is at least bound (the rows stop early).
func distance(a, b string, bound int) int {
	ra, rb := []rune(a), []rune(b)
	if abs(len(ra)-len(rb)) >= bound {
		return bound
	}
	prev2 := make([]int, len(rb)+1) // row i-2
	prev := make([]int, len(rb)+1)  // row i-1
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			low = min(low, cur[j])
		}
		if low >= bound {
			return bound
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(rb)], bound)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
