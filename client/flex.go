package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
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
	// 12.0 and 1e3 are integers written as floats.
	// The range check comes first: converting an out-of-range float to
	// int64 gives a platform-dependent value.
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || x < -(1<<63) || x >= 1<<63 || x != math.Trunc(x) {
		return fmt.Errorf("FlexInt: %q is not an integer", s)
	}
	*f = FlexInt(int64(x))
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
		return fmt.Errorf("FlexBool: %q is not a boolean", s)
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

// FlexObject is a JSON object keyed by string. A PHP service writes an
// empty one as `[]` (an empty PHP array has no keys to tell it from a
// list), so `[]` and null decode as an empty object; any other array is an
// error, naming what arrived.
type FlexObject[V any] map[string]V

// UnmarshalJSON implements json.Unmarshaler.
func (o *FlexObject[V]) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(b, &items); err != nil {
			return err
		}
		if len(items) > 0 {
			return fmt.Errorf("an object keyed by id was expected, an array of %d items arrived", len(items))
		}
		*o = FlexObject[V]{}
		return nil
	}
	m := map[string]V{}
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*o = m
	return nil
}
