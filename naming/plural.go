package naming

import (
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
			return flect.Pluralize(first) + word[len(first):]
		}
	}
	return flect.Pluralize(word)
}

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
