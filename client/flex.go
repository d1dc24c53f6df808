package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// The API is loose about types: numbers arrive as strings, ids as numbers or
// strings, booleans as 0/1. These types decode any of the forms so one odd
// field never fails a whole response (DESIGN §3). They encode canonically.

// FlexInt decodes from a JSON number, a numeric string, "" or null (0).
type FlexInt int64

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexInt) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" {
		*f = 0
		return nil
	}
	if b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		return f.parse(strings.TrimSpace(s))
	}
	switch string(b) {
	case "true":
		*f = 1
		return nil
	case "false":
		*f = 0
		return nil
	}
	return f.parse(string(b))
}

func (f *FlexInt) parse(s string) error {
	if s == "" {
		*f = 0
		return nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		*f = FlexInt(n)
		return nil
	}
	// 12.0 and 1e3 are integers written as floats. ParseFloat checks the
	// syntax; the value and its range are taken exactly (a float64 rounded
	// "9007199254740993.0" to the neighbouring id, and "1.000000000000000001"
	// to 1).
	if _, err := strconv.ParseFloat(s, 64); err != nil {
		return fmt.Errorf("FlexInt: %q is not an integer", s)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return fmt.Errorf("FlexInt: %q is not an integer", s)
	}
	*f = FlexInt(r.Num().Int64())
	return nil
}

// Int64 returns the value.
func (f FlexInt) Int64() int64 { return int64(f) }

// FlexString decodes from a JSON string, number, bool or null ("").
type FlexString string

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case len(b) == 0 || string(b) == "null":
		*f = ""
	case b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = FlexString(s)
	case b[0] == '{' || b[0] == '[':
		// An object where text was expected: keep its JSON text.
		*f = FlexString(b)
	default:
		*f = FlexString(b)
	}
	return nil
}

// String returns the value.
func (f FlexString) String() string { return string(f) }

// FlexBool decodes from true/false, 0/1 and their string forms, and null.
type FlexBool bool

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexBool) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "1", "yes", "on":
		*f = true
	case "false", "0", "no", "off", "", "null":
		*f = false
	default:
		// 1.0 and 0.0, as FlexInt takes them: a PHP float of a flag.
		var n FlexInt
		if n.parse(strings.TrimSpace(s)) != nil || (n != 0 && n != 1) {
			return fmt.Errorf("FlexBool: %q is not a boolean", s)
		}
		*f = n == 1
	}
	return nil
}

// FlexFloat decodes from a JSON number, a numeric string, "" or null (0).
type FlexFloat float64

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexFloat) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
	}
	s = strings.TrimSpace(s)
	if s == "" || s == "null" {
		*f = 0
		return nil
	}
	// NaN and infinities parse but are not numbers JSON can carry back.
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Errorf("FlexFloat: %q is not a number", s)
	}
	*f = FlexFloat(x)
	return nil
}

// FlexMap is a JSON object keyed by string, as a PHP service writes one:
// an empty one as `[]` (an empty PHP array has no keys to tell it from a
// list), and one whose keys are 0, 1, … n-1 in order as a list (weekdays
// "0" and "1" of a task's worktime arrive as [[…], […]]). A list decodes
// keyed by position; `[]` and null decode as nil.
type FlexMap[V any] map[string]V

// UnmarshalJSON implements json.Unmarshaler.
func (m *FlexMap[V]) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" || emptyArray(b) {
		*m = nil
		return nil
	}
	if b[0] == '[' {
		var items []V
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
		out := make(map[string]V, len(items))
		for i, v := range items {
			out[strconv.Itoa(i)] = v
		}
		*m = out
		return nil
	}
	var out map[string]V
	if err := json.Unmarshal(b, &out); err != nil {
		return err
	}
	*m = out
	return nil
}

// emptyArray reports whether b is the JSON `[]`.
func emptyArray(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) >= 2 && b[0] == '[' && b[len(b)-1] == ']' && len(bytes.TrimSpace(b[1:len(b)-1])) == 0
}

// phpObject decodes the JSON object b into v (a struct without its own
// UnmarshalJSON), leaving it as it is when b is `[]`: a PHP service's
// empty object.
func phpObject(b []byte, v any) error {
	if emptyArray(b) {
		return nil
	}
	return json.Unmarshal(b, v)
}
