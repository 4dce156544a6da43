package gormstore

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/fwkgo/fwk"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/schema"
)

// errUnknownField is a filter, scope or sort naming a field T does not
// map to a column. The resource lets only its declared fields through, so
// this is a mistake in the program, never the client's.
var errUnknownField = errors.New("no such column field")

// column returns the column of T's Go field name, or errUnknownField.
func (st *Store[T]) column(field string) (*schema.Field, error) {
	f := st.schema.FieldsByName[field]
	if f == nil || f.DBName == "" {
		return nil, fmt.Errorf("%w: %s.%s", errUnknownField, st.schema.Name, field)
	}
	return f, nil
}

// where adds the filters to q: each keeps the rows whose column equals one
// of its values, bound as parameters.
func (st *Store[T]) where(q *gorm.DB, filters []fwk.Filter) (*gorm.DB, error) {
	for _, flt := range filters {
		f, err := st.column(flt.Field)
		if err != nil {
			return nil, err
		}
		col := clause.Column{Table: clause.CurrentTable, Name: f.DBName}
		if len(flt.Values) == 1 {
			q = q.Where(clause.Eq{Column: col, Value: flt.Values[0]})
		} else {
			q = q.Where(clause.IN{Column: col, Values: flt.Values})
		}
	}
	return q, nil
}

// List returns one page of the rows q selects, in q's order. Its cursors
// are keysets: the next page starts after the sort values of the last row
// of this one (WHERE (a, id) > (?, ?), spelled out for mixed directions),
// so pages stay right while rows are added or removed. The sort fields
// must not be NULL.
func (st *Store[T]) List(ctx context.Context, q fwk.Query) (fwk.Page[T], error) {
	page, err := st.list(ctx, q)
	return page, st.fail("list", err)
}

func (st *Store[T]) list(ctx context.Context, q fwk.Query) (fwk.Page[T], error) {
	var page fwk.Page[T]
	sorts, order, err := st.order(q.Sort)
	if err != nil {
		return page, err
	}
	tx, err := st.where(st.db.WithContext(ctx), append(q.Scope[:len(q.Scope):len(q.Scope)], q.Filters...))
	if err != nil {
		return page, err
	}
	if q.Cursor != "" {
		after, err := st.decodeCursor(q.Cursor, sorts)
		if err != nil {
			return page, err
		}
		tx = tx.Where(after)
	}
	limit := max(q.Limit, 1)
	items := make([]T, 0, limit+1)
	if err := tx.Clauses(order).Limit(limit + 1).Find(&items).Error; err != nil {
		return page, err
	}
	if len(items) > limit {
		items = items[:limit]
		if page.Next, err = st.encodeCursor(ctx, &items[limit-1], sorts); err != nil {
			return page, err
		}
	}
	page.Items = items
	return page, nil
}

// sortKey is one key of a list's order.
type sortKey struct {
	field *schema.Field
	desc  bool
}

// order returns the keys of sorts, the ID appended when they lack it (the
// order must be total for keyset pages), and their ORDER BY clause.
func (st *Store[T]) order(sorts []fwk.Sort) ([]sortKey, clause.OrderBy, error) {
	keys := make([]sortKey, 0, len(sorts)+1)
	hasID := false
	for _, s := range sorts {
		f, err := st.column(s.Field)
		if err != nil {
			return nil, clause.OrderBy{}, err
		}
		keys = append(keys, sortKey{f, s.Desc})
		hasID = hasID || f == st.id
	}
	if !hasID {
		keys = append(keys, sortKey{field: st.id})
	}
	var by clause.OrderBy
	for _, k := range keys {
		by.Columns = append(by.Columns, clause.OrderByColumn{Column: clause.Column{Table: clause.CurrentTable, Name: k.field.DBName}, Desc: k.desc})
	}
	return keys, by, nil
}

// cursor is what a cursor holds: the order it was made for and the sort
// values of the last row of its page.
type cursor struct {
	Order  string            `json:"o"`
	Values []json.RawMessage `json:"v"`
}

// orderTag names an order in a cursor, so that a cursor of another order
// is refused rather than misread.
func orderTag(keys []sortKey) string {
	var b strings.Builder
	for _, k := range keys {
		if k.desc {
			b.WriteByte('-')
		}
		b.WriteString(k.field.Name)
		b.WriteByte(',')
	}
	sum := sha256.Sum256([]byte(b.String()))
	return base64.RawURLEncoding.EncodeToString(sum[:6])
}

// encodeCursor returns the cursor of the page after the row m.
func (st *Store[T]) encodeCursor(ctx context.Context, m *T, keys []sortKey) (string, error) {
	c := cursor{Order: orderTag(keys)}
	rv := reflect.ValueOf(m).Elem()
	for _, k := range keys {
		v, _ := k.field.ValueOf(ctx, rv)
		b, err := json.Marshal(v)
		if err != nil {
			return "", fmt.Errorf("cursor: %s: %w", k.field.Name, err)
		}
		c.Values = append(c.Values, b)
	}
	b, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// decodeCursor returns the condition selecting the rows after the cursor
// s in the order keys: (k1 > v1) OR (k1 = v1 AND k2 > v2) OR ..., with <
// for descending keys. The values are decoded into the fields' own types
// and bound as parameters; anything else is fwk.ErrInvalidCursor.
func (st *Store[T]) decodeCursor(s string, keys []sortKey) (clause.Expression, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	var c cursor
	if err == nil {
		err = json.Unmarshal(raw, &c)
	}
	if err != nil || c.Order != orderTag(keys) || len(c.Values) != len(keys) {
		return nil, fwk.ErrInvalidCursor
	}
	values := make([]any, len(keys))
	for i, k := range keys {
		v := reflect.New(k.field.FieldType)
		if err := json.Unmarshal(c.Values[i], v.Interface()); err != nil {
			return nil, fwk.ErrInvalidCursor
		}
		values[i] = v.Elem().Interface()
	}
	var or []clause.Expression
	for i, k := range keys {
		and := make([]clause.Expression, 0, i+1)
		for j := range i {
			and = append(and, clause.Eq{Column: keys[j].column(), Value: values[j]})
		}
		if k.desc {
			and = append(and, clause.Lt{Column: k.column(), Value: values[i]})
		} else {
			and = append(and, clause.Gt{Column: k.column(), Value: values[i]})
		}
		or = append(or, clause.And(and...))
	}
	return clause.Or(or...), nil
}

// column is the key's column, of the current table.
func (k sortKey) column() clause.Column {
	return clause.Column{Table: clause.CurrentTable, Name: k.field.DBName}
}
