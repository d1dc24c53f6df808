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
// the JSON failed the read; it is dropped. A body that is UTF-8 with one
// stray byte is read as UTF-8 whatever its label (a server labelling UTF-8
// as ISO-8859-1 would otherwise have every Chinese text garbled, and an
// approved signature's sign_text planned for replacement), and so is a
// body under a charset the client does not know, or none.
func TestAnswerCharset(t *testing.T) {
	t.Parallel()
	page := `{"code":0,"message":"ok","data":{"current_page":1,"last_page":1,"total":2,"data":[` +
		`{"user_id":1001,"user_num":"8001","user_name":"张三"},{"user_id":1002,"user_num":"8002","user_name":"李四","ag_nickname":"NICK"}]}}`
	gbk, err := simplifiedchinese.GBK.NewEncoder().String(page)
	if err != nil {
		t.Fatal(err)
	}
	stray := strings.Replace(page, "NICK", "N\xffCK", 1)
	for _, tc := range []struct {
		name, contentType, body, wantName string
	}{
		{name: "gbk", contentType: "application/json; charset=GBK", body: gbk, wantName: "张三"},
		{name: "gb2312 label", contentType: "application/json;charset=\"gb2312\"", body: gbk, wantName: "张三"},
		{name: "utf-8 labelled gbk", contentType: "application/json; charset=GBK", body: page, wantName: "张三"},
		{name: "bom", contentType: "application/json", body: "\ufeff" + page, wantName: "张三"},
		{name: "utf-8 with a stray byte labelled iso-8859-1", contentType: "application/json;charset=ISO-8859-1", body: stray, wantName: "张三"},
		{name: "utf-8 with a stray byte labelled gbk", contentType: "application/json; charset=GBK", body: stray, wantName: "张三"},
		{name: "utf-8 with a stray byte, unknown label", contentType: "application/json; charset=utf8mb4", body: stray, wantName: "张三"},
		{name: "utf-8 with a stray byte, no label", contentType: "application/json", body: stray, wantName: "张三"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				_, _ = w.Write([]byte(tc.body))
			}))
			agents, err := Collect(c.Agents.List(t.Context(), AgentFilter{}))
			if err != nil || len(agents) != 2 || string(agents[0].UserName) != tc.wantName || string(agents[1].UserName) != "李四" {
				t.Fatalf("agents %+v, err %v; want %q and 李四", agents, err, tc.wantName)
			}
		})
	}
}
