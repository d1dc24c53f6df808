package client

import (
	"cmp"
	"context"
	"errors"
	"net/url"
	"slices"
	"strings"
	"time"
)

// ASRService wraps speech recognition and robot recordings (spec §4.5, {portal_url}/v3/api/asr/...).
type ASRService struct{ c *Client }

// ASRRequest is the body of speechRecognition (§4.5). Exactly one of
// SpeechFileURL and CallID is required; CallBackURL is required when
// EnableCallBack is set (§6.6, code 402 otherwise).
type ASRRequest struct {
	EnableCallBack bool   `json:"enableCallBack"`
	CallBackURL    string `json:"callBackUrl,omitempty"`
	SpeechFileURL  string `json:"speechFileUrl,omitempty"`
	CallID         string `json:"callId,omitempty"`
}

// Sentence is one recognised sentence (§2.10).
type Sentence struct {
	Index           FlexInt    `json:"index"`
	ChannelID       FlexInt    `json:"channelId"`
	Content         FlexString `json:"content"`
	BeginTime       FlexInt    `json:"beginTime"`
	EndTime         FlexInt    `json:"endTime"`
	EmotionValue    FlexInt    `json:"emotionValue"`
	SilenceDuration FlexInt    `json:"silenceDuration"`
	SpeechRate      FlexInt    `json:"speechRate"`
}

// ASRResult is the result member of queryText (§2.10).
type ASRResult struct {
	Status    FlexInt    `json:"status"`
	Sentences []Sentence `json:"cacheContentDTOList"`
}

// ASRCallback is the body POSTed to callBackUrl when a task finishes (§6.6).
type ASRCallback struct {
	FileURL string     `json:"fileUrl"`
	FileTxt []Sentence `json:"fileTxt"`
	TaskID  string     `json:"taskId"`
}

// ErrASRInProgress marks a queryText answered with code 400 "in progress"
// (§3.7): the conversion has not finished.
var ErrASRInProgress = errors.New("speech recognition still in progress")

// IsASRInProgress reports whether err is a queryText "in progress" answer:
// code 400 whose message says so (§7.3), in English or in Chinese (进行中,
// 处理中, 转换中, 转写中, 识别中: "under way", "being processed",
// "converting", "transcribing", "recognizing").
func IsASRInProgress(err error) bool {
	if errors.Is(err, ErrASRInProgress) {
		return true
	}
	e, ok := AsAPIError(err)
	if !ok || e.Code != 400 {
		return false
	}
	msg := strings.ToLower(e.Message)
	return slices.ContainsFunc([]string{"progress", "进行中", "处理中", "转换中", "转写中", "识别中"}, func(w string) bool { return strings.Contains(msg, w) })
}

// Recognize starts a conversion (speechRecognition) and returns the task id.
// It is never retried: a second request would start a second task.
func (s *ASRService) Recognize(ctx context.Context, in ASRRequest) (string, error) {
	var out struct {
		TaskID  FlexString `json:"taskId"`
		Success FlexBool   `json:"success"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "POST", Path: "/v3/api/asr/speechRecognition",
		Body: in, Envelope: EnvelopeASR,
	}, &out)
	if err != nil {
		return "", err
	}
	if out.TaskID == "" {
		return "", errors.New("speechRecognition answered success without taskId")
	}
	return string(out.TaskID), nil
}

// Query reads a task's text (queryText). While the conversion runs the error
// satisfies IsASRInProgress; an unknown task (code 402) satisfies IsNotFound.
func (s *ASRService) Query(ctx context.Context, taskID string) (*ASRResult, error) {
	var out struct {
		Result  ASRResult `json:"result"`
		Success FlexBool  `json:"success"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: "/v3/api/asr/queryText/" + url.PathEscape(taskID),
		BodyKind: BodyNone, Envelope: EnvelopeASR, Idempotent: true, Read: true, NotFoundCodes: []int64{402},
	}, &out)
	if err != nil {
		if IsASRInProgress(err) {
			return nil, errors.Join(ErrASRInProgress, err)
		}
		return nil, err
	}
	if out.Result.Sentences == nil {
		out.Result.Sentences = []Sentence{}
	}
	// In the order of their index: the platform's list order is not stated
	// (§2.10), and a list in another order read as a reversed conversation.
	slices.SortStableFunc(out.Result.Sentences, func(a, b Sentence) int { return cmp.Compare(a.Index, b.Index) })
	return &out.Result, nil
}

// Wait polls queryText until the task is done or ctx ends. The interval
// starts at minPoll and doubles up to maxPoll; onPoll (optional) is told of
// every "in progress" answer with its count and the time spent.
func (s *ASRService) Wait(ctx context.Context, taskID string, minPoll, maxPoll time.Duration, onPoll func(n int, elapsed time.Duration)) (*ASRResult, error) {
	start := time.Now()
	d := minPoll
	for n := 1; ; n++ {
		res, err := s.Query(ctx, taskID)
		if err == nil {
			return res, nil
		}
		if n > 1 && ctx.Err() != nil {
			// The context ended during a query; the last answer said the
			// conversion was still running.
			return nil, errors.Join(ErrASRInProgress, ctx.Err())
		}
		if n > 1 && errors.As(err, new(*TimeLimitError)) {
			// The query's retry would have passed the time limit; err
			// says why it was to be retried (an HTTP 429).
			return nil, errors.Join(ErrASRInProgress, err)
		}
		if !IsASRInProgress(err) {
			return nil, err
		}
		if onPoll != nil {
			onPoll(n, time.Since(start))
		}
		// A next query past the time limit is not waited for: the wait
		// ends now, as it would at the limit, without idling until then.
		if werr := SleepWithin(ctx, d); werr != nil {
			return nil, errors.Join(ErrASRInProgress, werr)
		}
		if d *= 2; d > maxPoll {
			d = maxPoll
		}
	}
}

// PlayRecord returns the address of a robot call's recording
// (record/robot/playrecord, index=1, result_type=1). A call without a
// recording answers code 407, which satisfies IsNotFound.
func (s *ASRService) PlayRecord(ctx context.Context, callID string) (string, error) {
	var out struct {
		Path FlexString `json:"path"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: "/v2/svcapi/record/robot/playrecord",
		Query:    url.Values{"call_id": {callID}, "index": {"1"}, "result_type": {"1"}},
		BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true, Read: true, NotFoundCodes: []int64{407},
	}, &out)
	if err != nil {
		return "", err
	}
	return string(out.Path), nil
}
