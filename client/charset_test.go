package client

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/text/encoding/simplifiedchinese"
)

// TestAnswerCharset: JSON is UTF-8, but a service may answer in its own
// charset. A users/list answered in GBK (Content-Type charset=GBK) read
// every Chinese name as U+FFFD without an error, into state, spreadsheets
// and generated configuration; it is converted. A byte-order mark before
// the JSON failed the read; it is dropped. A charset the client does not
// know is an error naming it, and a body that is not UTF-8 and names no
// charset is read as before.
func TestAnswerCharset(t *testing.T) {
	t.Parallel()
	page := `{"code":0,"message":"ok","data":{"current_page":1,"last_page":1,"total":1,"data":[{"user_id":1001,"user_num":"8001","user_name":"张三"}]}}`
	gbk, err := simplifiedchinese.GBK.NewEncoder().String(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, contentType, body, wantName, wantErr string
	}{
		{name: "gbk", contentType: "application/json; charset=GBK", body: gbk, wantName: "张三"},
		{name: "gb2312 label", contentType: "application/json;charset=\"gb2312\"", body: gbk, wantName: "张三"},
		{name: "utf-8 labelled gbk", contentType: "application/json; charset=GBK", body: page, wantName: "张三"},
		{name: "bom", contentType: "application/json", body: "\ufeff" + page, wantName: "张三"},
		{name: "unknown charset", contentType: "application/json; charset=x-klingon", body: gbk,
			wantErr: `the answer is not UTF-8 text and its charset "x-klingon" (Content-Type) is not one this client knows`},
		{name: "no charset", contentType: "application/json", body: strings.Replace(page, "张三", "张\xff", 1), wantName: "张\ufffd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				_, _ = w.Write([]byte(tc.body))
			}))
			agents, err := Collect(c.Agents.List(t.Context(), AgentFilter{}))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || len(agents) != 1 || string(agents[0].UserName) != tc.wantName {
				t.Fatalf("agents %+v, err %v; want one named %q", agents, err, tc.wantName)
			}
		})
	}
}
