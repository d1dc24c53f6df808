package simulator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net/http"
	"strings"
	"time"
)

// ASRState holds speech-recognition tasks (spec §4.5, §2.10, §3.7).
type ASRState struct {
	Tasks map[string]*ASRTask `json:"tasks"`
	// DurationMS is how long a new task takes to convert; 0 means the
	// default (DefaultASRDuration). Set by POST /_sim/asr.
	DurationMS int64 `json:"duration_ms"`
}

func (x *ASRState) init() {
	if x.Tasks == nil {
		x.Tasks = map[string]*ASRTask{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *ASRState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Tasks {
		takeNumbered(take, "asr", "asr", id)
	}
}

// asrPart registers this domain's part of the state, member "asr" of
// the state file.
var asrPart = registerState("asr", (*ASRState).init)

// ASR returns the state's part of this domain (ASR tasks).
func (st *State) ASR() *ASRState { return asrPart(st) }

// DefaultASRDuration is how long a conversion takes unless /_sim/asr says
// otherwise.
const DefaultASRDuration = 3 * time.Second

// ASRRetention is how long a finished task can be queried (§8: 30 days).
const ASRRetention = 30 * 24 * time.Hour

// ASRTask is one conversion.
type ASRTask struct {
	ID            string        `json:"id"`
	SpeechFileURL string        `json:"speech_file_url"`
	CallID        string        `json:"call_id"`
	Started       time.Time     `json:"started"`
	DurationMS    int64         `json:"duration_ms"`
	CallBack      bool          `json:"call_back"`
	CallBackURL   string        `json:"call_back_url"`
	Notified      bool          `json:"notified"`
	Sentences     []ASRSentence `json:"sentences"`
}

// ASRSentence is a sentence of §2.10.
type ASRSentence struct {
	Index           int64  `json:"index"`
	ChannelID       int64  `json:"channelId"`
	Content         string `json:"content"`
	BeginTime       int64  `json:"beginTime"`
	EndTime         int64  `json:"endTime"`
	EmotionValue    int64  `json:"emotionValue"`
	SilenceDuration int64  `json:"silenceDuration"`
	SpeechRate      int64  `json:"speechRate"`
}

func (t *ASRTask) done(now time.Time) bool {
	return !now.Before(t.Started.Add(time.Duration(t.DurationMS) * time.Millisecond))
}

// ASR codes of §7.3, shared by both interfaces.
var asrCodes = map[int]string{400: "business exception", 401: "permission check failed", 402: "parameter error", 500: "system error"}

func init() {
	registerDomain(domain{name: "asr", routes: func(s *Server) {
		s.Handle(Route{Methods: []string{"POST"}, Prefix: PrefixPortal, Path: "/v3/api/asr/speechRecognition", Env: EnvASR,
			Codes: asrCodes, Handler: asrRecognizeHandler})
		s.Handle(Route{Methods: []string{"GET"}, Prefix: PrefixPortal, Path: "/v3/api/asr/queryText/", PathPrefix: true, Env: EnvASR,
			Codes: asrCodes, Handler: asrQueryHandler})
		s.HandleAdmin("POST", "/_sim/asr", s.adminASR)
	}, seed: seedASR})
}

// SeededASRTask is the finished conversion every fresh state holds: the
// recording of the seeded robot call robot-call-0001, so that a transcript
// can be read (contactcenter_asr_transcript) without starting one first.
const SeededASRTask = "asr10000001"

func seedASR(s *Server, st *State) {
	url := "https://records.sim.invalid/robot/robot-call-0001.wav"
	t := &ASRTask{ID: fmt.Sprintf("asr%08d", st.NextID("asr", 10000000)), SpeechFileURL: url, CallID: "robot-call-0001",
		Started: s.now(), Sentences: asrTranscript(url)}
	st.ASR().Tasks[t.ID] = t
}

// SetASRDuration sets how long new conversions take (tests, POST /_sim/asr).
func (s *Server) SetASRDuration(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.ASR().DurationMS = d.Milliseconds()
	s.persistLocked()
}

func (s *Server) adminASR(w http.ResponseWriter, r *http.Request) {
	var body struct {
		DurationMS *int64 `json:"duration_ms"`
	}
	if err := decodeJSONStrict(r, &body); err != nil {
		adminError(w, 400, fmt.Errorf("asr: body must be {\"duration_ms\": N} with N >= 0: %w", err))
		return
	}
	if body.DurationMS == nil || *body.DurationMS < 0 {
		adminError(w, 400, errors.New("asr: body must be {\"duration_ms\": N} with N >= 0"))
		return
	}
	s.SetASRDuration(time.Duration(*body.DurationMS) * time.Millisecond)
	writeJSON(w, 200, map[string]any{"ok": true, "duration_ms": *body.DurationMS})
}

func asrRecognizeHandler(c *Call) {
	fileURL := strings.TrimSpace(c.Str("speechFileUrl"))
	callID := strings.TrimSpace(c.Str("callId"))
	cb, _, err := c.Bool("enableCallBack")
	if err != nil {
		c.Fail(402, "parameter error: "+err.Error(), nil)
		return
	}
	cbURL := strings.TrimSpace(c.Str("callBackUrl"))
	switch {
	case fileURL == "" && callID == "":
		c.Fail(402, "parameter error: speechFileUrl is required when callId is empty", nil)
		return
	case cb && cbURL == "":
		c.Fail(402, "parameter error: callBackUrl is required when enableCallBack is true", nil)
		return
	}
	if fileURL == "" {
		fileURL = "https://records.sim.invalid/calls/" + callID + ".wav"
	}
	d := c.St.ASR().DurationMS
	if d == 0 {
		d = DefaultASRDuration.Milliseconds()
	}
	t := &ASRTask{
		ID: fmt.Sprintf("asr%08d", c.St.NextID("asr", 10000000)), SpeechFileURL: fileURL, CallID: callID,
		Started: c.Now(), DurationMS: d, CallBack: cb, CallBackURL: cbURL,
		Sentences: asrTranscript(fileURL),
	}
	c.St.ASR().Tasks[t.ID] = t
	c.Changed()
	if cb {
		s := c.Server()
		time.AfterFunc(time.Duration(d)*time.Millisecond, func() { s.asrFinished(t.ID) })
	}
	c.OK(map[string]any{"taskId": t.ID})
}

func asrQueryHandler(c *Call) {
	id := strings.TrimPrefix(c.R.URL.Path, PrefixPortal+"/v3/api/asr/queryText/")
	t := c.St.ASR().Tasks[id]
	now := c.Now()
	switch {
	case id == "" || strings.Contains(id, "/"):
		c.Fail(402, "parameter error: taskId is required", nil)
		return
	case t == nil || now.After(t.Started.Add(ASRRetention)):
		c.Fail(402, fmt.Sprintf("parameter error: task %q not found", id), nil)
		return
	case !t.done(now):
		c.Fail(400, "in progress: the conversion has not finished", nil)
		return
	}
	c.Server().notifyASRLocked(t)
	c.OK(map[string]any{"result": map[string]any{"status": 30, "cacheContentDTOList": t.Sentences}})
}

// asrFinished sends the callback of a task when its conversion time has
// passed (a timer started at creation).
func (s *Server) asrFinished(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t := s.st.ASR().Tasks[id]; t != nil && t.done(s.now()) {
		s.notifyASRLocked(t)
	}
}

// asrCallbackTimeout bounds one ASR callback POST (§6.6), so a receiver that
// never answers cannot hold the push forever.
const asrCallbackTimeout = 10 * time.Second

// notifyASRLocked POSTs {fileUrl, fileTxt, taskId} to the task's
// callBackUrl once (§6.6). Called with s.mu held; the POST runs outside it.
func (s *Server) notifyASRLocked(t *ASRTask) {
	if !t.CallBack || t.Notified || t.CallBackURL == "" {
		return
	}
	t.Notified = true
	s.persistLocked()
	body, _ := json.Marshal(map[string]any{"fileUrl": t.SpeechFileURL, "fileTxt": t.Sentences, "taskId": t.ID})
	url := t.CallBackURL
	s.pushes.Add(1)
	go func() {
		defer s.pushes.Done()
		ctx, cancel := context.WithTimeout(context.Background(), asrCallbackTimeout)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
		if err != nil {
			s.opts.Logf("simulator: ASR callback to %s: %v", url, err)
			return
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := s.opts.HTTPClient.Do(req)
		if err != nil {
			s.opts.Logf("simulator: ASR callback to %s: %v", url, err)
			return
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
	}()
}

// asrTranscript makes a plausible two-channel conversation, the same for the
// same file.
func asrTranscript(fileURL string) []ASRSentence {
	lines := []struct {
		ch   int64
		text string
	}{
		{0, "您好，这里是客服中心，请问有什么可以帮您？"},
		{1, "你好，我想查询一下我上个月的账单。"},
		{0, "好的，请您提供一下预留的手机号码。"},
		{1, "一三八零零一三八零零零。"},
		{0, "已为您查到，上个月账单金额为九十八元，已经通过短信发送给您。"},
		{1, "好的，谢谢。"},
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(fileURL))
	seed := int64(h.Sum32())
	out := make([]ASRSentence, 0, len(lines))
	var at int64
	for i, l := range lines {
		silence := (seed>>uint(i))&1 + 1
		begin := at + silence*1000
		n := int64(len([]rune(l.text)))
		rate := 180 + (seed>>uint(2*i))%80
		end := begin + n*60000/rate
		out = append(out, ASRSentence{
			Index: int64(i + 1), ChannelID: l.ch, Content: l.text, BeginTime: begin, EndTime: end,
			EmotionValue: 3 + (seed>>uint(3*i))%5, SilenceDuration: silence, SpeechRate: rate,
		})
		at = end
	}
	return out
}
