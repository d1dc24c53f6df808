package client

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestFlexInt(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in      string
		want    int64
		wantErr bool
	}{
		"number":          {`42`, 42, false},
		"negative":        {`-7`, -7, false},
		"string":          {`"42"`, 42, false},
		"padded string":   {`" 42 "`, 42, false},
		"empty string":    {`""`, 0, false},
		"null":            {`null`, 0, false},
		"true":            {`true`, 1, false},
		"false":           {`false`, 0, false},
		"float integral":  {`12.0`, 12, false},
		"exponent":        {`1e3`, 1000, false},
		"string exponent": {`"1e3"`, 1000, false},
		"max int64":       {`9223372036854775807`, math.MaxInt64, false},
		"fraction":        {`1.5`, 0, true},
		"text":            {`"abc"`, 0, true},
		"object":          {`{}`, 0, true},
		"array":           {`[1]`, 0, true},
		"overflow":        {`99999999999999999999`, 0, true},
		"overflow float":  {`9.3e18`, 0, true},
		"2^63 as float":   {`9223372036854775808.0`, 0, true},
		// Taken exactly, not through a float64 (which rounded these).
		"big id as float": {`"9007199254740993.0"`, 9007199254740993, false},
		"big float text":  {`2000000000000001.1`, 0, true},
		"tiny fraction":   {`1.000000000000000001`, 0, true},
		"max int64 float": {`9223372036854775807.0`, math.MaxInt64, false},
		"NaN string":      {`"NaN"`, 0, true},
		"Inf string":      {`"Inf"`, 0, true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var f FlexInt
			err := json.Unmarshal([]byte(tc.in), &f)
			if tc.wantErr {
				if err == nil {
					t.Fatalf("Unmarshal(%s) = %d, want an error", tc.in, f)
				}
				return
			}
			if err != nil {
				t.Fatalf("Unmarshal(%s): %v", tc.in, err)
			}
			if f.Int64() != tc.want {
				t.Errorf("Unmarshal(%s) = %d, want %d", tc.in, f, tc.want)
			}
		})
	}
}

func TestFlexString(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ in, want string }{
		"string":  {`"abc"`, "abc"},
		"number":  {`12`, "12"},
		"float":   {`1.5`, "1.5"},
		"bool":    {`true`, "true"},
		"null":    {`null`, ""},
		"empty":   {`""`, ""},
		"object":  {`{"a":1}`, `{"a":1}`},
		"array":   {`[1,2]`, `[1,2]`},
		"unicode": {`"\u4e2d"`, "中"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var f FlexString
			if err := json.Unmarshal([]byte(tc.in), &f); err != nil {
				t.Fatalf("Unmarshal(%s): %v", tc.in, err)
			}
			if f.String() != tc.want {
				t.Errorf("Unmarshal(%s) = %q, want %q", tc.in, f, tc.want)
			}
		})
	}
}

func TestFlexBool(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in      string
		want    bool
		wantErr bool
	}{
		"true": {`true`, true, false}, "false": {`false`, false, false},
		"1": {`1`, true, false}, "0": {`0`, false, false},
		`"1"`: {`"1"`, true, false}, `"0"`: {`"0"`, false, false},
		`"true"`: {`"true"`, true, false}, `"FALSE"`: {`"FALSE"`, false, false},
		`"yes"`: {`"yes"`, true, false}, `"off"`: {`"off"`, false, false},
		"null": {`null`, false, false}, `""`: {`""`, false, false},
		"2": {`2`, false, true}, `"maybe"`: {`"maybe"`, false, true}, "object": {`{}`, false, true},
		// A PHP float of a flag, as FlexInt takes it; one such field failed a whole list.
		"1.0": {`1.0`, true, false}, `"0.0"`: {`"0.0"`, false, false}, "0.5": {`0.5`, false, true}, "2.0": {`2.0`, false, true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var f FlexBool
			err := json.Unmarshal([]byte(tc.in), &f)
			if tc.wantErr != (err != nil) {
				t.Fatalf("Unmarshal(%s) error = %v, want error %v", tc.in, err, tc.wantErr)
			}
			if !tc.wantErr && bool(f) != tc.want {
				t.Errorf("Unmarshal(%s) = %v, want %v", tc.in, f, tc.want)
			}
		})
	}
}

func TestFlexFloat(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		in      string
		want    float64
		wantErr bool
	}{
		"number": {`1.25`, 1.25, false}, "int": {`3`, 3, false}, "string": {`"0.5"`, 0.5, false},
		"empty": {`""`, 0, false}, "null": {`null`, 0, false}, "exponent": {`"2e2"`, 200, false},
		"text": {`"abc"`, 0, true}, "NaN": {`"NaN"`, 0, true}, "Inf": {`"+Inf"`, 0, true},
		"too big": {`"1e400"`, 0, true}, "bool": {`true`, 0, true},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var f FlexFloat
			err := json.Unmarshal([]byte(tc.in), &f)
			if tc.wantErr != (err != nil) {
				t.Fatalf("Unmarshal(%s) = %v error %v, want error %v", tc.in, f, err, tc.wantErr)
			}
			if !tc.wantErr && float64(f) != tc.want {
				t.Errorf("Unmarshal(%s) = %v, want %v", tc.in, f, tc.want)
			}
		})
	}
}

// A record with one odd field still decodes as a whole.
func TestFlexInStruct(t *testing.T) {
	t.Parallel()
	var v struct {
		ID   FlexString `json:"id"`
		N    FlexInt    `json:"n"`
		On   FlexBool   `json:"on"`
		Rate FlexFloat  `json:"rate"`
	}
	if err := json.Unmarshal([]byte(`{"id": 17, "n": "5", "on": "1", "rate": "0.25"}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.ID != "17" || v.N != 5 || !v.On || v.Rate != 0.25 {
		t.Errorf("decoded %+v", v)
	}
}

// Fuzz properties shared by the four types: decoding never panics, and a
// value that decodes encodes to JSON that decodes to the same value.
var flexSeeds = []string{`0`, `-1`, `42`, `"42"`, `""`, `null`, `true`, `false`, `1.5`, `"1e3"`, `"NaN"`, `"Inf"`,
	`9223372036854775807`, `"9223372036854775808"`, `{"a":1}`, `[1]`, `"yes"`, `" 7 "`, `1e400`, `"0x10"`}

func fuzzRoundTrip[T comparable](f *testing.F) {
	for _, s := range flexSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s decoded to %v, which does not encode: %v", data, v, err)
		}
		var w T
		if err := json.Unmarshal(b, &w); err != nil {
			t.Fatalf("%s decoded to %v, encoded as %s, which does not decode: %v", data, v, b, err)
		}
		if v != w {
			t.Fatalf("%s decoded to %v, encoded as %s, decoded again to %v", data, v, b, w)
		}
	})
}

func FuzzFlexInt(f *testing.F)    { fuzzRoundTrip[FlexInt](f) }
func FuzzFlexString(f *testing.F) { fuzzRoundTrip[FlexString](f) }
func FuzzFlexBool(f *testing.F)   { fuzzRoundTrip[FlexBool](f) }
func FuzzFlexFloat(f *testing.F)  { fuzzRoundTrip[FlexFloat](f) }

// FlexInt agrees with strconv on every decimal integer string.
func FuzzFlexIntDecimal(f *testing.F) {
	for _, n := range []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1000} {
		f.Add(n)
	}
	f.Fuzz(func(t *testing.T, n int64) {
		for _, form := range []string{`%d`, `"%d"`} {
			in := strings.ReplaceAll(form, "%d", jsonInt(n))
			var v FlexInt
			if err := json.Unmarshal([]byte(in), &v); err != nil || int64(v) != n {
				t.Fatalf("Unmarshal(%s) = %d, %v", in, v, err)
			}
		}
	})
}

func jsonInt(n int64) string { b, _ := json.Marshal(n); return string(b) }
