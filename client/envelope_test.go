package client

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestEnvelopes(t *testing.T) {
	t.Parallel()
	type result struct {
		Data  FlexString `json:"data"`
		Extra FlexInt    `json:"extra"`
	}
	cases := map[string]struct {
		env      Envelope
		surface  Surface
		status   int
		body     string
		wantErr  bool
		code     int64
		message  string
		reqID    string
		wantData string
	}{
		"open success":             {EnvelopeOpen, SurfaceBase, 200, `{"code":0,"message":"success","request_id":"r1","data":"x","extra":3}`, false, 0, "", "", "x"},
		"open failure":             {EnvelopeOpen, SurfaceBase, 200, `{"code":1,"message":"sign_text exists","request_id":"r2","data":null}`, true, 1, "sign_text exists", "r2", ""},
		"open code as string":      {EnvelopeOpen, SurfaceBase, 200, `{"code":"0","message":"ok","data":"y"}`, false, 0, "", "", "y"},
		"portal success":           {EnvelopePortal, SurfacePortal, 200, `{"code":200,"message":"ok","data":"p"}`, false, 0, "", "", "p"},
		"portal failure message":   {EnvelopePortal, SurfacePortal, 200, `{"code":404,"message":"group exists"}`, true, 404, "group exists", "", ""},
		"portal failure msg":       {EnvelopePortal, SurfacePortal, 200, `{"code":405,"msg":"group exists"}`, true, 405, "group exists", "", ""},
		"portal success msg":       {EnvelopePortal, SurfacePortal, 200, `{"code":200,"msg":"ok"}`, false, 0, "", "", ""},
		"portal code 0 is failure": {EnvelopePortal, SurfacePortal, 200, `{"code":0,"message":"?"}`, true, 0, "?", "", ""},
		"asr success string code":  {EnvelopeASR, SurfacePortal, 200, `{"code":"200","success":true,"data":"t"}`, false, 0, "", "", "t"},
		"asr failure errorMsg":     {EnvelopeASR, SurfacePortal, 200, `{"code":"402","success":false,"errorMsg":"task not found"}`, true, 402, "task not found", "", ""},
		"gateway success":          {EnvelopeGateway, SurfaceSMSAPI, 200, `{"code":0,"msg":"success","data":"g"}`, false, 0, "", "", "g"},
		"gateway failure":          {EnvelopeGateway, SurfaceSMSAPI, 200, `{"code":1016,"msg":"template id does not exist"}`, true, 1016, "template id does not exist", "", ""},
		"no code field":            {EnvelopeOpen, SurfaceBase, 200, `{"message":"?"}`, true, -1, "response has no code field", "", ""},
		// A code that is no number is no success, even where success is 0
		// (these read as 0 and passed).
		"open empty code":       {EnvelopeOpen, SurfaceBase, 200, `{"code":"","message":"boom"}`, true, -1, `response code "" is not a number`, "", ""},
		"open code false":       {EnvelopeOpen, SurfaceBase, 200, `{"code":false,"message":"boom"}`, true, -1, "response code false is not a number", "", ""},
		"open code null":        {EnvelopeOpen, SurfaceBase, 200, `{"code":null,"message":"boom"}`, true, -1, "", "", ""},
		"gateway empty code":    {EnvelopeGateway, SurfaceSMSAPI, 200, `{"code":"","msg":"boom"}`, true, -1, `response code "" is not a number`, "", ""},
		"gateway code as float": {EnvelopeGateway, SurfaceSMSAPI, 200, `{"code":0.0,"msg":"ok","data":"f"}`, false, 0, "", "", "f"},
		"portal code text":      {EnvelopePortal, SurfacePortal, 200, `{"code":" 200 ","message":"ok","data":"s"}`, false, 0, "", "", "s"},
		"not JSON":              {EnvelopePortal, SurfacePortal, 200, `<html>oops</html>`, true, -1, "is not a JSON portal envelope", "", ""},
		"401 envelope":          {EnvelopePortal, SurfacePortal, 401, `{"code":401,"message":"Unauthorized"}`, true, 401, "Unauthorized", "", ""},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := newTestClient(t, &fixed{status: tc.status, body: tc.body}, func(c *Config) { c.MaxRetries = 0 })
			var out result
			err := c.Do(t.Context(), Request{Surface: tc.surface, Method: "POST", Path: "/x", Envelope: tc.env}, &out)
			if !tc.wantErr {
				if err != nil {
					t.Fatalf("Do: %v", err)
				}
				if string(out.Data) != tc.wantData {
					t.Errorf("data = %q, want %q", out.Data, tc.wantData)
				}
				return
			}
			e, ok := AsAPIError(err)
			if !ok {
				t.Fatalf("error %v (%T) is not an *APIError", err, err)
			}
			if e.Code != tc.code || !strings.Contains(e.Message, tc.message) || e.RequestID != tc.reqID {
				t.Errorf("APIError = code %d message %q request_id %q; want %d, %q, %q", e.Code, e.Message, e.RequestID, tc.code, tc.message, tc.reqID)
			}
			if e.Surface != tc.surface || e.Method != "POST" || e.HTTPStatus != tc.status || !strings.HasSuffix(e.Path, "/x") {
				t.Errorf("APIError location = %s %s %s HTTP %d", e.Surface, e.Method, e.Path, e.HTTPStatus)
			}
		})
	}
}

func TestAPIErrorText(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		err  APIError
		want string
	}{
		"plain":      {APIError{Method: "POST", Path: "/portal/v2/svcapi/queue/add", Code: 404, Message: "group exists", HTTPStatus: 200}, "POST /portal/v2/svcapi/queue/add: code 404: group exists"},
		"request id": {APIError{Method: "GET", Path: "/open/x", Code: 7, Message: "bad", RequestID: "abc"}, "GET /open/x: code 7: bad [request_id abc]"},
		"http 401":   {APIError{Method: "POST", Path: "/p", Code: 401, Message: "Unauthorized", HTTPStatus: 401}, "POST /p: code 401: Unauthorized (HTTP 401)"},
		"no message": {APIError{Method: "POST", Path: "/p", Code: -1, HTTPStatus: 502}, "POST /p: HTTP 502"},
		// A bare 5xx (no envelope): its status once, no meaningless code -1.
		"bare 5xx":        {APIError{Method: "POST", Path: "/p", Code: -1, HTTPStatus: 504, Message: "HTTP 504: simulated gateway timeout"}, "POST /p: HTTP 504: simulated gateway timeout"},
		"bare 429":        {APIError{Method: "POST", Path: "/p", Code: -1, HTTPStatus: 429, Message: "HTTP 429 Too Many Requests: slow down"}, "POST /p: HTTP 429 Too Many Requests: slow down"},
		"not an envelope": {APIError{Method: "GET", Path: "/p", Code: -1, HTTPStatus: 404, Message: "response has no code field"}, "GET /p: response has no code field (HTTP 404)"},
		"envelope on 5xx": {APIError{Method: "GET", Path: "/p", Code: 500, HTTPStatus: 500, Message: "system error"}, "GET /p: code 500: system error (HTTP 500)"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := tc.err.Error(); got != tc.want {
				t.Errorf("Error() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestIsNotFound(t *testing.T) {
	t.Parallel()
	c := newTestClient(t, &fixed{status: 200, body: `{"code":403,"message":"group not of this enterprise"}`})
	do := func(codes ...int64) error {
		return c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/q", Envelope: EnvelopePortal, NotFoundCodes: codes}, nil)
	}
	if err := do(403); !IsNotFound(err) || !errors.Is(err, ErrNotFound) {
		t.Errorf("code 403 with NotFoundCodes [403]: IsNotFound = false (%v)", err)
	}
	if err := do(404); IsNotFound(err) {
		t.Errorf("code 403 with NotFoundCodes [404]: IsNotFound = true")
	}
	if err := do(); IsNotFound(err) {
		t.Errorf("code 403 without NotFoundCodes: IsNotFound = true")
	}
	wrapped := fmt.Errorf("reading: %w", do(403))
	if !IsNotFound(wrapped) || !HasCode(wrapped, 403) || HasCode(wrapped, 404) {
		t.Errorf("wrapped error: IsNotFound %v HasCode(403) %v", IsNotFound(wrapped), HasCode(wrapped, 403))
	}
	if IsNotFound(errors.New("other")) || HasCode(errors.New("x"), 0) {
		t.Error("a non-API error matched")
	}
}

func TestItemsOfOverallResult(t *testing.T) {
	t.Parallel()
	body := `{"code":500,"message":"overall result","data":[
		{"code":200,"message":"ok","ag_id":"1001"},
		{"code":"406","message":"ag_id not of this enterprise","ag_id":42},
		{"code":403,"message":"group not of this enterprise","que_id":"7"}]}`
	c := newTestClient(t, &fixed{status: 200, body: body})
	err := c.Do(t.Context(), Request{Surface: SurfacePortal, Method: "POST", Path: "/a", Envelope: EnvelopePortal}, nil)
	e, ok := AsAPIError(err)
	if !ok || e.Code != 500 {
		t.Fatalf("err = %v", err)
	}
	items := e.Items()
	want := []ItemResult{
		{AgID: "1001", Code: 200, Message: "ok"},
		{AgID: "42", Code: 406, Message: "ag_id not of this enterprise"},
		{QueID: "7", Code: 403, Message: "group not of this enterprise"},
	}
	if len(items) != len(want) {
		t.Fatalf("Items() = %+v", items)
	}
	for i := range want {
		if items[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v", i, items[i], want[i])
		}
	}
	if (&APIError{Data: json.RawMessage(`{"x":1}`)}).Items() != nil {
		t.Error("Items() of an object data is not nil")
	}
}
