package router

import "math"

// Schemer is implemented by a converter that describes the values it
// matches as a JSON Schema object (for API documents such as the OpenAPI
// document of an fwk app), e.g. {"type": "string", "pattern": "^[a-z]+$"}.
type Schemer interface {
	Schema() map[string]any
}

// ConverterSchema returns the JSON Schema of the parameter text converter c
// matches: c's own Schema when it implements Schemer, the built-in
// converters' bounds and formats, or {"type": "string"}:
//
//	converter                     schema
//	<name>, <string(length=2):n>  {"type": "string", "minLength": 2, "maxLength": 2}
//	<path:p>                      {"type": "string"}
//	<any(a, b):x>                 {"type": "string", "enum": ["a", "b"]}
//	<int(min=1):id>               {"type": "integer", "format": "int64", "minimum": 1}
//	<float:f>                     {"type": "number"} (minimum 0 unless signed)
//	<uuid:u>                      {"type": "string", "format": "uuid"}
func ConverterSchema(c Converter) map[string]any {
	switch c := c.(type) {
	case Schemer:
		return c.Schema()
	case *builtin:
		return c.schema()
	}
	return map[string]any{"type": "string"}
}

func (c *builtin) schema() map[string]any {
	switch c.kind {
	case kindString:
		s := map[string]any{"type": "string", "minLength": c.min}
		if c.max > 0 {
			s["maxLength"] = c.max
		}
		return s
	case kindAny:
		return map[string]any{"type": "string", "enum": c.items}
	case kindInt:
		s := map[string]any{"type": "integer", "format": "int64"}
		lo := c.imin
		if !c.signed && lo < 0 {
			lo = 0
		}
		if lo != math.MinInt64 {
			s["minimum"] = lo
		}
		if c.imax != math.MaxInt64 {
			s["maximum"] = c.imax
		}
		return s
	case kindFloat:
		s := map[string]any{"type": "number"}
		lo := c.fmin
		if !c.signed && lo < 0 {
			lo = 0
		}
		if !math.IsInf(lo, -1) {
			s["minimum"] = lo
		}
		if !math.IsInf(c.fmax, 1) {
			s["maximum"] = c.fmax
		}
		return s
	case kindUUID:
		return map[string]any{"type": "string", "format": "uuid"}
	}
	return map[string]any{"type": "string"}
}
