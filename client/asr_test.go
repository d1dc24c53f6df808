package client_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
	"github.com/contactcenter/terraform-provider-contactcenter/simulator"
)

// fakeClock is a settable simulator clock.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (f *fakeClock) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }
func (f *fakeClock) Add(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

func TestASRRecognizeAndQuery(t *testing.T) {
	t.Parallel()
	clock := &fakeClock{t: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
	e := newVoiceEnv(t, func(o *simulator.Options) { o.Now = clock.Now })
	ctx := t.Context()
	id, err := e.c.ASR.Recognize(ctx, client.ASRRequest{SpeechFileURL: "https://files.example.com/call.wav"})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2; i++ {
		_, err = e.c.ASR.Query(ctx, id)
		if !client.IsASRInProgress(err) || !client.HasCode(err, 400) {
			t.Fatalf("query before the conversion ends: want code 400 in progress, got %v", err)
		}
	}
	clock.Add(simulator.DefaultASRDuration)
	res, err := e.c.ASR.Query(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sentences) < 2 {
		t.Fatalf("want several sentences, got %+v", res)
	}
	channels := map[int64]bool{}
	for i, s := range res.Sentences {
		channels[int64(s.ChannelID)] = true
		if int(s.Index) != i+1 || s.Content == "" || s.EndTime <= s.BeginTime || s.EmotionValue < 1 || s.EmotionValue > 10 || s.SpeechRate <= 0 {
			t.Errorf("sentence %d is not plausible: %+v", i, s)
		}
		if i > 0 && s.BeginTime < res.Sentences[i-1].EndTime {
			t.Errorf("sentence %d begins before the previous one ends", i)
		}
	}
	if len(channels) != 2 {
		t.Errorf("want two channels (agent and customer), got %v", channels)
	}
	// Results are kept 30 days (§8), then the task is unknown (402).
	clock.Add(31 * 24 * time.Hour)
	_, err = e.c.ASR.Query(ctx, id)
	wantCode(t, err, 402)
	if !client.IsNotFound(err) {
		t.Errorf("an expired task must be not found")
	}
}

func TestASRCodes(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	cases := map[string]struct {
		in   client.ASRRequest
		want int64
	}{
		"402 neither file nor call":      {client.ASRRequest{}, 402},
		"402 callback without url":       {client.ASRRequest{CallID: "c1", EnableCallBack: true}, 402},
		"200 call id alone is accepted":  {client.ASRRequest{CallID: "c1"}, 200},
		"200 callback with url accepted": {client.ASRRequest{SpeechFileURL: "https://x/y.wav", EnableCallBack: true, CallBackURL: "http://127.0.0.1:1/cb"}, 200},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := e.c.ASR.Recognize(ctx, tc.in)
			if tc.want == 200 {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			wantCode(t, err, tc.want)
		})
	}
	_, err := e.c.ASR.Query(ctx, "no-such-task")
	wantCode(t, err, 402)
	if !client.IsNotFound(err) {
		t.Error("an unknown task must be not found")
	}
	e.force(t, "POST", "/portal/v3/api/asr/speechRecognition", 500)
	_, err = e.c.ASR.Recognize(ctx, client.ASRRequest{CallID: "c2"})
	wantCode(t, err, 500)
	bad := voiceClient(t, e.origin, "nope")
	_, err = bad.ASR.Recognize(ctx, client.ASRRequest{CallID: "c3"})
	wantCode(t, err, 401)
	if ae, _ := client.AsAPIError(err); ae == nil || ae.Message == "" {
		t.Errorf("a 401 must carry errorMsg, got %v", err)
	}
}

// TestASRWaitAndCallback runs in a synctest bubble, the simulator and the
// callback's receiver in process (client.InProcess): the 300 ms of the
// conversion and the polls 20 to 50 ms apart are on the bubble's clock,
// where on a loaded machine the first poll could come after the 300 ms
// ("want several in-progress answers before the text, got 1", 1 run in 5
// with 6 busy loops and a -race run beside).
func TestASRWaitAndCallback(t *testing.T) {
	t.Parallel()
	synctest.Test(t, asrWaitAndCallback)
}

func asrWaitAndCallback(t *testing.T) {
	const cbURL = "http://callbacks.example.com/asr"
	got := make(chan client.ASRCallback, 1)
	receiver := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u := "http://" + r.Host + r.URL.RequestURI(); u != cbURL {
			t.Errorf("callback sent to %s, want %s", u, cbURL)
		}
		b, _ := io.ReadAll(r.Body)
		var body client.ASRCallback
		if err := json.Unmarshal(b, &body); err != nil {
			t.Errorf("callback body: %v: %s", err, b)
		}
		got <- body
	})
	sim, err := simulator.New(simulator.Options{HTTPClient: &http.Client{Transport: client.InProcess(t, receiver)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Wait)
	e := &voiceEnv{sim: sim, origin: "http://127.0.0.1:9"}
	e.c, err = client.New(client.Config{URLs: client.SurfaceURLs(e.origin), AccessToken: "sim-token", MaxRetries: 0,
		HTTPClient: &http.Client{Transport: client.InProcess(t, sim)}})
	if err != nil {
		t.Fatal(err)
	}
	e.sim.SetASRDuration(300 * time.Millisecond)
	ctx := t.Context()
	id, err := e.c.ASR.Recognize(ctx, client.ASRRequest{SpeechFileURL: "https://files.example.com/a.wav", EnableCallBack: true, CallBackURL: cbURL})
	if err != nil {
		t.Fatal(err)
	}
	polls := 0
	res, err := e.c.ASR.Wait(ctx, id, 20*time.Millisecond, 50*time.Millisecond, func(n int, _ time.Duration) { polls = n })
	if err != nil {
		t.Fatal(err)
	}
	if polls < 2 {
		t.Errorf("want several in-progress answers before the text, got %d", polls)
	}
	select {
	case body := <-got:
		if body.TaskID != id || body.FileURL != "https://files.example.com/a.wav" || len(body.FileTxt) != len(res.Sentences) {
			t.Errorf("callback body %+v does not match the task", body)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no callback arrived")
	}

	// Waiting ends with the context.
	e.sim.SetASRDuration(time.Hour)
	id2, err := e.c.ASR.Recognize(ctx, client.ASRRequest{CallID: "c9"})
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := contextWithTimeout(t, 500*time.Millisecond)
	defer cancel()
	_, err = e.c.ASR.Wait(wctx, id2, 10*time.Millisecond, 20*time.Millisecond, nil)
	if !client.IsASRInProgress(err) {
		t.Errorf("a timed-out wait must say in progress, got %v", err)
	}
}

func TestRobotPlayRecord(t *testing.T) {
	t.Parallel()
	e := newVoiceEnv(t)
	ctx := t.Context()
	p, err := e.c.ASR.PlayRecord(ctx, "robot-call-0001")
	if err != nil || p == "" {
		t.Fatalf("seeded recording: %q %v", p, err)
	}
	_, err = e.c.ASR.PlayRecord(ctx, "no-such-call")
	wantCode(t, err, 407)
	if !client.IsNotFound(err) {
		t.Error("407 must be not found")
	}
	if err := e.sim.Seed(map[string]json.RawMessage{"robot_recordings": json.RawMessage(`{"robot-x":"https://r/x.wav"}`)}); err != nil {
		t.Fatal(err)
	}
	if p, err := e.c.ASR.PlayRecord(ctx, "robot-x"); err != nil || p != "https://r/x.wav" {
		t.Errorf("seeded via /_sim/seed: %q %v", p, err)
	}
}

func contextWithTimeout(t *testing.T, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(t.Context(), d)
}

// A queryText still converting, as a platform may word it: errorMsg
// carries the text (§7.3) beside a generic message, or says it in
// Chinese. Read as a failure, transcribe_and_wait stopped with an error
// while the task ran.
func TestASRInProgressAsWorded(t *testing.T) {
	t.Parallel()
	for _, body := range []string{
		`{"code":"400","message":"business exception","errorMsg":"task is in progress"}`,
		`{"code":"400","errorMsg":"任务转换中，请稍后查询"}`,
		`{"code":"400","message":"语音识别进行中"}`,
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, body)
		}))
		c, err := client.New(client.Config{URLs: client.SurfaceURLs(srv.URL), AccessToken: "t"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.ASR.Query(t.Context(), "task-1")
		srv.Close()
		if !client.IsASRInProgress(err) {
			t.Errorf("answer %s: want in progress, got %v", body, err)
		}
	}
	// A 400 that says something else is a failure.
	if client.IsASRInProgress(&client.APIError{Code: 400, Message: "参数错误"}) {
		t.Error("a code 400 parameter error reads as in progress")
	}
}
