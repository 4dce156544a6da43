package gormstore

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"time"
)

// versionOf returns the version of the row m as read from the database:
// its version column in decimal, else a hash of all its columns (base64url
// of 16 bytes of SHA-256 over their JSON), which changes when any column
// does. Both are ETag characters.
func (st *Store[T]) versionOf(ctx context.Context, m *T) string {
	rv := reflect.ValueOf(m).Elem()
	if st.version != nil {
		v, _ := st.version.ValueOf(ctx, rv)
		return fmt.Sprint(v)
	}
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, f := range st.schema.Fields {
		if f.DBName == "" {
			continue
		}
		v, _ := f.ValueOf(ctx, rv)
		if t, ok := v.(time.Time); ok {
			v = t.UTC() // as PostgreSQL answers it in the session's zone
		}
		if err := enc.Encode(v); err != nil {
			fmt.Fprintf(h, "%#v\n", v) // a column JSON cannot spell
		}
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:16])
}
