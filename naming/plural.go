package naming

import (
	"slices"
	"strings"

	"github.com/gobuffalo/flect"
)

// Pluralize returns the plural of an English word or compound, as used for
// the default URL prefix of a resource ("user" -> "users").
//
// The words of a compound are separated by '-', '_' or spaces. The last word
// is pluralised ("bar-bar" -> "bar-bars", "user_role" -> "user_roles",
// "check-in" -> "check-ins"), unless the second word is "general" or a
// preposition followed by a third word, in which case the first one is
// ("attorney general" -> "attorneys general", "mother-in-law" ->
// "mothers-in-law"). Words are pluralised by the github.com/gobuffalo/flect
// inflector, which knows irregular and uncountable words and keeps the case
// of the input:
//
//	word       Pluralize   the reference gives
//	"status"   "statuses"  "status " (a bug)
//	"bus"      "buses"     "buss"
//	"todo"     "todos"     "todos"
//	"person"   "people"    "people"
//	"category" "categories" "categories"
//	"index"    "indices"   "indices"
//	"sheep"    "sheep"     "sheep"
//	"a"        "as"        "some"
//	"res"      "res"       "ress"
//	"bar-bar"  "bar-bars"  "bars-bars"
//
// Words that already look plural are usually returned unchanged ("users",
// "people"). "" stays "".
func Pluralize(word string) string {
	if first, rest, ok := cutWord(word); ok && first != "" {
		second, third, more := cutWord(rest)
		second = strings.ToLower(second)
		if second == "general" || (more && third != "" && isPreposition(second)) {
			return pluralWord(first) + word[len(first):]
		}
	}
	return pluralWord(word)
}

// pluralWord pluralises one word with flect, but for a word ending in "o",
// which flect often gives "-oes" ("todoes", "videoes", "repoes"): most such
// nouns, and nearly all that name a resource, take "-s" ("todos", "videos",
// "repos"); "-oes" is kept for the classic nouns of oesWords ("heroes",
// "potatoes", "vetoes"). Irregular and uncountable words stay flect's.
func pluralWord(w string) string {
	p := flect.Pluralize(w)
	n := len(w)
	if n < 2 || (w[n-1] != 'o' && w[n-1] != 'O') {
		return p
	}
	lower := strings.ToLower(w)
	oes := slices.ContainsFunc(oesWords, func(o string) bool { return strings.HasSuffix(lower, o) })
	switch {
	case !oes && strings.EqualFold(p, w+"es"):
		return p[:n] + p[n+1:] // drop the "e", keeping the case of the "s"
	case oes && strings.EqualFold(p, w+"s"):
		return p[:n] + caseOf(p[n], 'e') + p[n:]
	}
	return p
}

// caseOf returns c in the case of ref (an ASCII letter).
func caseOf(ref byte, c byte) string {
	if ref >= 'A' && ref <= 'Z' {
		return strings.ToUpper(string(c))
	}
	return string(c)
}

// oesWords are the nouns ending in a consonant and "o" whose plural is
// "-oes" in current English usage; other such words take "-s".
var oesWords = []string{"buffalo", "cargo", "domino", "echo", "embargo", "hero",
	"mosquito", "motto", "potato", "tomato", "tornado", "torpedo", "veto", "volcano"}

// cutWord splits s around its first word separator. It returns the text
// before the separator, the text after it and whether a separator was found.
func cutWord(s string) (before, after string, found bool) {
	i := strings.IndexAny(s, "-_ ")
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// isPreposition reports whether w (lower case) is an English preposition,
// which makes the word in front of it the head of a compound noun, as in
// "mother-in-law".
func isPreposition(w string) bool {
	switch w {
	case "about", "above", "across", "after", "among", "around", "at",
		"athwart", "before", "behind", "below", "beneath", "beside",
		"besides", "between", "betwixt", "beyond", "but", "by", "during",
		"except", "for", "from", "in", "into", "near", "of", "off", "on",
		"onto", "out", "over", "since", "till", "to", "under", "until",
		"unto", "upon", "with":
		return true
	}
	return false
}
