package fwk

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

const (
	configTableBegin = "<!-- begin config table: written by TestConfigurationDoc from configKeys -->\n"
	configTableEnd   = "<!-- end config table -->\n"
)

// configTable writes the reference table of docs/configuration.md from
// configKeys: each key, its Config field, its default (as Get gives it),
// what its zero and negative values mean, how the environment spells it
// and its doc line.
func configTable(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("| key | field | default | 0 or empty | negative | in the environment | meaning |\n|---|---|---|---|---|---|---|\n")
	cell := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
	for i := range configKeys {
		k := &configKeys[i]
		neg, def := k.neg, "`"+cell(k.def)+"`"
		if neg == "" {
			neg = "—"
		}
		if k.def == "" {
			def = `""`
		}
		b.WriteString("| `" + k.name + "` | `" + configFieldName(t, k) + "` | " + def + " | " + cell(k.zero) +
			" | " + neg + " | " + cell(k.syntax) + " | " + cell(k.doc) + " |\n")
	}
	return b.String()
}

// configFieldName is the name of the Config field of k, found by its
// address.
func configFieldName(t *testing.T, k *configKey) string {
	var c Config
	p := reflect.ValueOf(k.field(&c)).Pointer()
	v := reflect.ValueOf(&c).Elem()
	for i := 0; i < v.NumField(); i++ {
		if v.Field(i).Addr().Pointer() == p && v.Type().Field(i).IsExported() {
			return v.Type().Field(i).Name
		}
	}
	t.Fatalf("%s: its field is not an exported field of Config", k.name)
	return ""
}

// TestConfigurationDoc keeps the table of docs/configuration.md equal to
// configKeys. With FWK_DOCS_UPDATE=1 it rewrites the table instead.
func TestConfigurationDoc(t *testing.T) {
	const path = "docs/configuration.md"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(data), configTableBegin)
	got, after, ok2 := strings.Cut(rest, configTableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the markers %q and %q", path, configTableBegin, configTableEnd)
	}
	table := configTable(t)
	if os.Getenv("FWK_DOCS_UPDATE") == "1" {
		if err := os.WriteFile(path, []byte(before+configTableBegin+table+configTableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != table {
		t.Errorf("%s's table differs from configKeys (a key, field, default, rule or doc line changed): rewrite it with\n\tFWK_DOCS_UPDATE=1 go test -run TestConfigurationDoc .\nwant:\n%s", path, table)
	}
}

// TestConfigKeysCoverConfig checks that every exported field of Config is
// a declared key, but those that are not keys, and that no key is
// declared twice.
func TestConfigKeysCoverConfig(t *testing.T) {
	fields := map[string]bool{"SessionCookieSecureSet": true, "Values": true, "Logger": true}
	for i := range configKeys {
		k := &configKeys[i]
		name := configFieldName(t, k)
		if fields[name] {
			t.Errorf("%s: field %s is declared twice, or is not a key", k.name, name)
		}
		fields[name] = true
		if configKeyIndex[k.name] != k {
			t.Errorf("%s is declared twice", k.name)
		}
	}
	typ := reflect.TypeOf(Config{})
	for i := 0; i < typ.NumField(); i++ {
		if f := typ.Field(i); f.IsExported() && !fields[f.Name] {
			t.Errorf("Config.%s has no entry in configKeys", f.Name)
		}
	}
}
