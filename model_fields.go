package fwk

// What a model resource and the memory store know of a model type T, read
// once by reflection: its fields with their Go and JSON names, the ID, and
// which fields a client never writes.
//
//	field                                   role
//	named ID, or tagged `fwk:"id"`          the ID: the member param's type, read-only
//	tagged `fwk:"readonly"`                 read-only: kept from the stored model
//	named CreatedAt or UpdatedAt            read-only: the store fills them (as GORM)
//	`json:"-"` or unexported                not part of the API

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/fwkgo/fwk/naming"
)

// modelField is one field of a model type.
type modelField struct {
	name     string // Go name
	json     string // JSON key
	index    []int
	typ      reflect.Type
	readOnly bool
}

// modelInfo is what fwk knows of a model type.
type modelInfo struct {
	typ    reflect.Type
	fields []*modelField
	byGo   map[string]*modelField
	byJSON map[string]*modelField
	id     *modelField
}

var modelInfos sync.Map // reflect.Type -> *modelInfo or error

// modelInfoOf returns the fields of the struct type t, or an error naming
// what is wrong with it.
func modelInfoOf(t reflect.Type) (*modelInfo, error) {
	if v, ok := modelInfos.Load(t); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*modelInfo), nil
	}
	info, err := readModel(t)
	if err != nil {
		modelInfos.Store(t, err)
		return nil, err
	}
	v, _ := modelInfos.LoadOrStore(t, info)
	return v.(*modelInfo), nil
}

// readModel reads the fields of t.
func readModel(t reflect.Type) (*modelInfo, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("model type %v is not a struct", t)
	}
	info := &modelInfo{typ: t, byGo: map[string]*modelField{}, byJSON: map[string]*modelField{}}
	var tagged *modelField
	for _, sf := range reflect.VisibleFields(t) {
		if !apiField(t, sf) {
			continue
		}
		key, ok := jsonKey(sf)
		if !ok {
			continue
		}
		f := &modelField{name: sf.Name, json: key, index: sf.Index, typ: sf.Type}
		opts := fwkTagOptions(sf.Tag)
		f.readOnly = opts["readonly"] || sf.Name == "CreatedAt" || sf.Name == "UpdatedAt"
		if opts["id"] {
			tagged = f
		}
		info.fields = append(info.fields, f)
		info.byGo[f.name] = f
		info.byJSON[f.json] = f
	}
	info.id = tagged
	if info.id == nil {
		info.id = info.byGo["ID"]
	}
	if info.id == nil {
		return nil, fmt.Errorf("model type %v has no ID: name a field ID or tag it `fwk:\"id\"`", t)
	}
	info.id.readOnly = true
	return info, nil
}

// apiField reports whether the field sf of t is one fwk reads and writes:
// exported, not an embedded struct that encoding/json flattens, not
// promoted through an embedded pointer (which may be nil).
func apiField(t reflect.Type, sf reflect.StructField) bool {
	if !sf.IsExported() || sf.Anonymous && indirect(sf.Type).Kind() == reflect.Struct && !hasJSONName(sf) {
		return false
	}
	for _, i := range sf.Index[:len(sf.Index)-1] {
		f := t.Field(i)
		if f.Type.Kind() == reflect.Pointer {
			return false
		}
		t = f.Type
	}
	return true
}

// hasJSONName reports whether an embedded field has a json name (and so is
// not flattened by encoding/json).
func hasJSONName(sf reflect.StructField) bool {
	name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
	return name != "" && name != "-"
}

// jsonKey is the key encoding/json gives the field, false for `json:"-"`.
func jsonKey(sf reflect.StructField) (string, bool) {
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return "", false
	}
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		name = sf.Name
	}
	return name, true
}

// fwkTagOptions returns the options listed in the field's `fwk` tag.
func fwkTagOptions(tag reflect.StructTag) map[string]bool {
	v, ok := tag.Lookup("fwk")
	if !ok {
		return nil
	}
	out := map[string]bool{}
	for _, part := range strings.Split(v, ",") {
		out[strings.TrimSpace(part)] = true
	}
	return out
}

// field returns the field named by its JSON key or its Go name.
func (m *modelInfo) field(name string) *modelField {
	if f := m.byJSON[name]; f != nil {
		return f
	}
	return m.byGo[name]
}

// paramField returns the field a URL param of a subresource names: the
// field whose JSON key or snake-cased Go name is the param's name
// ("post_id" -> PostID).
func (m *modelInfo) paramField(param string) *modelField {
	if f := m.byJSON[param]; f != nil {
		return f
	}
	for _, f := range m.fields {
		if naming.SnakeCase(f.name) == param {
			return f
		}
	}
	return nil
}

// of returns the field f of the struct sv (addressable or not).
func (f *modelField) of(sv reflect.Value) reflect.Value { return sv.FieldByIndex(f.index) }

// defaultMemberParam is the member param of a model whose ID has type t:
// <int:id> for integers, <uuid:id> for 16-byte arrays and types named UUID,
// <id> (any text without a slash) otherwise.
func defaultMemberParam(t reflect.Type) string {
	switch {
	case isInt(t):
		return "<int:id>"
	case t.Kind() == reflect.Array && t.Len() == 16 && t.Elem().Kind() == reflect.Uint8,
		strings.EqualFold(t.Name(), "UUID"):
		return "<uuid:id>"
	}
	return "<id>"
}

// compareValues orders two values of one field type: -1, 0 or +1. Integers,
// floats, strings, bools, time.Time and pointers to them (nil first) order;
// other values compare equal when == says so, else by their text.
func compareValues(a, b reflect.Value) int {
	if a.Kind() == reflect.Pointer {
		switch {
		case a.IsNil() && b.IsNil():
			return 0
		case a.IsNil():
			return -1
		case b.IsNil():
			return 1
		}
		return compareValues(a.Elem(), b.Elem())
	}
	switch {
	case a.Kind() >= reflect.Int && a.Kind() <= reflect.Int64:
		return cmp3(a.Int() < b.Int(), a.Int() > b.Int())
	case a.Kind() >= reflect.Uint && a.Kind() <= reflect.Uintptr:
		return cmp3(a.Uint() < b.Uint(), a.Uint() > b.Uint())
	case a.Kind() == reflect.Float32 || a.Kind() == reflect.Float64:
		return cmp3(a.Float() < b.Float(), a.Float() > b.Float())
	case a.Kind() == reflect.String:
		return strings.Compare(a.String(), b.String())
	case a.Kind() == reflect.Bool:
		return cmp3(!a.Bool() && b.Bool(), a.Bool() && !b.Bool())
	case a.Type() == timeType:
		return a.Interface().(time.Time).Compare(b.Interface().(time.Time))
	case a.Comparable() && a.Equal(b):
		return 0
	}
	return strings.Compare(fmt.Sprint(a.Interface()), fmt.Sprint(b.Interface()))
}

func cmp3(less, more bool) int {
	switch {
	case less:
		return -1
	case more:
		return 1
	}
	return 0
}
