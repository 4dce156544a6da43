package fwk

// The bodies of a model resource's writes. A body is read into an input
// type (ModelMeta.CreateInput, UpdateInput) or into the model type T
// itself, then the fields a client may write are copied to the model:
//
//	input        fields copied                             a key it lacks
//	T            every field but the read-only ones        400 (unknown field)
//	Input        each field, to T's field of its JSON name 400 (unknown field)
//
// Read-only fields of T (its ID, `fwk:"readonly"`, CreatedAt, UpdatedAt) are
// never copied; an input type holding one fails fwk.New.

import (
	"fmt"
	"reflect"
)

// inputPlan is how a body reaches a model.
type inputPlan struct {
	typ    reflect.Type    // the type the body is read into
	own    bool            // typ is the model type
	copies []fieldCopy     // input field -> model field
	keys   map[string]bool // the JSON keys a client may write
}

// fieldCopy copies one input field to one model field.
type fieldCopy struct {
	in      []int
	out     *modelField
	convert bool // the types differ (convertible)
}

// newInputPlan returns the plan of the input type of example (nil: the
// model type itself).
func newInputPlan(info *modelInfo, example any) (*inputPlan, error) {
	p := &inputPlan{keys: map[string]bool{}}
	if example == nil {
		p.typ, p.own = info.typ, true
		for _, f := range info.fields {
			if !f.readOnly {
				p.copies = append(p.copies, fieldCopy{in: f.index, out: f})
				p.keys[f.json] = true
			}
		}
		return p, nil
	}
	p.typ = reflect.TypeOf(example)
	if p.typ.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%v is not a struct type", p.typ)
	}
	in, err := readInputFields(p.typ)
	if err != nil {
		return nil, err
	}
	for _, sf := range in {
		key, _ := jsonKey(sf)
		out := info.byJSON[key]
		switch {
		case out == nil:
			return nil, fmt.Errorf("%v.%s (JSON %q) has no field of that JSON name in %v", p.typ, sf.Name, key, info.typ)
		case out.readOnly:
			return nil, fmt.Errorf("%v.%s (JSON %q) would write %v.%s, which is read-only", p.typ, sf.Name, key, info.typ, out.name)
		case !sf.Type.AssignableTo(out.typ) && !sf.Type.ConvertibleTo(out.typ):
			return nil, fmt.Errorf("%v.%s is a %v, which does not convert to %v.%s (%v)", p.typ, sf.Name, sf.Type, info.typ, out.name, out.typ)
		}
		p.copies = append(p.copies, fieldCopy{in: sf.Index, out: out, convert: !sf.Type.AssignableTo(out.typ)})
		p.keys[key] = true
	}
	return p, nil
}

// readInputFields returns the JSON fields of an input struct type.
func readInputFields(t reflect.Type) ([]reflect.StructField, error) {
	var out []reflect.StructField
	for _, sf := range reflect.VisibleFields(t) {
		if !apiField(t, sf) {
			continue
		}
		if _, ok := jsonKey(sf); ok {
			out = append(out, sf)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%v has no exported JSON fields", t)
	}
	return out, nil
}

// decode reads the request's body into a new input value (JSON, or a form
// where the view accepts forms) and validates it when it is not the model
// itself (the model is validated once complete).
func (p *inputPlan) decode(c *Ctx) (reflect.Value, error) {
	in := reflect.New(p.typ)
	names, err := c.decodeBody(in.Interface())
	if err != nil {
		return in, err
	}
	if !p.own {
		if err := c.app.validateValue(in, names); err != nil {
			return in, err
		}
	}
	return in, nil
}

// apply copies the input fields of in (a pointer to the input) to the model
// m points to.
func (p *inputPlan) apply(m, in reflect.Value) {
	mv, iv := m.Elem(), in.Elem()
	for _, fc := range p.copies {
		x := iv.FieldByIndex(fc.in)
		if fc.convert {
			x = x.Convert(fc.out.typ)
		}
		fc.out.of(mv).Set(x)
	}
}
