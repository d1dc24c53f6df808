package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// SoundsService wraps voice files (spec §4.5, {portal_url}/v2/svcapi/sound/...).
type SoundsService struct {
	c      *Client
	finder *finder[Sound]
	// listShare shares the data sources' lists (ListShared).
	listShare listShare[Sound]
}

func newSoundsService(c *Client) *SoundsService {
	s := &SoundsService{c: c}
	s.finder = newFinder(c, func(snd Sound) string { return string(snd.ID) })
	s.finder.all = func(ctx context.Context) ([]Sound, bool, bool, error) {
		items, err := Collect(s.List(ctx, SoundFilter{}))
		return items, err == nil, true, err
	}
	return s
}

const soundPath = "/v2/svcapi/sound"

// SoundFormat recognises a voice file by its content, as the platform does
// (sound/upload answers code 404 otherwise): "wav" for "RIFF....WAVE",
// "mp3" for an ID3 tag or an MPEG audio Layer III frame header (mp3Frame),
// "" for anything else. The simulator keeps its own copy, as
// it does of every rule it enforces (simulator/independence_test.go).
func SoundFormat(b []byte) string {
	switch {
	case len(b) >= 12 && bytes.Equal(b[0:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WAVE")):
		return "wav"
	case len(b) >= 3 && bytes.Equal(b[0:3], []byte("ID3")):
		return "mp3"
	case len(b) >= 3 && mp3Frame(b):
		return "mp3"
	}
	return ""
}

// mp3Frame tells whether b starts with the header of an MPEG audio Layer
// III frame: the 11 sync bits, a version other than the reserved one,
// layer III, a bitrate index other than "bad" and a sampling rate other
// than the reserved one. The sync bits alone took the byte-order mark of
// a UTF-16 text file (FF FE), which reads as a Layer I header, for MP3.
func mp3Frame(b []byte) bool {
	version, layer := b[1]>>3&3, b[1]>>1&3
	bitrate, rate := b[2]>>4, b[2]>>2&3
	return b[0] == 0xFF && b[1]&0xE0 == 0xE0 && version != 1 && layer == 1 && bitrate != 15 && rate != 3
}

// Sound is a voice-file list item (§2.9). sound_type arrives as a string.
type Sound struct {
	ID            FlexString `json:"id"`
	Name          FlexString `json:"name"`
	Remark        FlexString `json:"remark"`
	Address       FlexString `json:"address"`
	SoundsAddress FlexString `json:"sounds_address"`
	AddTime       FlexString `json:"add_time"`
	SoundType     FlexInt    `json:"sound_type"`
}

// SoundInput holds the sound/upload parameters (§4.5). Content is the voice
// file (WAV or MP3), or Path the file it is read from as it is sent (not
// held in memory: a 200 MB recording took 437 MB read whole); FileName is
// sent as the part's file name.
type SoundInput struct {
	Name      string
	Remark    string
	SoundType int64
	FileName  string
	Content   []byte
	Path      string
}

// SoundFilter narrows sound/list. Keyword is sent (the `info` JSON
// filter's keyword). SoundType keeps the items of that sound_type (§2.9):
// it is applied to the answer, not sent as the filter's select_type, whose
// meaning the spec does not give (§4.5).
type SoundFilter struct {
	Keyword   string
	SoundType int64
}

// Upload sends a voice file (sound/upload, multipart form-data) and returns
// its id and path. A create is never re-sent blindly: after an ambiguous
// failure the file is looked up by name and type first.
func (s *SoundsService) Upload(ctx context.Context, in SoundInput) (id, path string, err error) {
	var out struct {
		ID   FlexString `json:"id"`
		Path FlexString `json:"path"`
	}
	name := in.FileName
	if name == "" {
		name = "sound.wav"
	}
	vals := url.Values{"name": {in.Name}, "sound_type": {strconv.FormatInt(in.SoundType, 10)}}
	if in.Remark != "" {
		vals.Set("remark", in.Remark)
	}
	req := Request{
		Surface: SurfacePortal, Method: "POST", Path: soundPath + "/upload",
		Body: vals, BodyKind: BodyMultipart, Envelope: EnvelopePortal,
	}
	switch {
	case in.Path != "":
		req.Files = []FilePart{{Field: "sound", FileName: name, Path: in.Path}}
	case len(in.Content) > 0:
		req.Files = []FilePart{{Field: "sound", FileName: name, Content: in.Content}}
	}
	// Voice-file names are not unique: one that existed before is never
	// taken for the one uploaded (newMatch).
	unlock, err := s.c.lockCreate(ctx, "voice file", in.Name)
	if err != nil {
		return "", "", err
	}
	defer unlock()
	find, err := newMatch(ctx, s.c, "voice file", func(ctx context.Context) iter.Seq2[Sound, error] {
		return s.List(ctx, SoundFilter{Keyword: in.Name})
	}, func(o Sound) bool {
		return string(o.Name) == in.Name && (in.SoundType == 0 || int64(o.SoundType) == in.SoundType)
	}, s.finder.key)
	if err != nil {
		return "", "", err
	}
	err = s.c.createOnce(ctx, req, &out, func(ctx context.Context) (bool, error) {
		found, err := find(ctx)
		if err != nil || found == nil {
			return false, err
		}
		out.ID, out.Path = found.ID, found.SoundsAddress
		return true, nil
	}, func() bool { return out.ID != "" })
	if err != nil {
		return "", "", err
	}
	return string(out.ID), string(out.Path), s.c.claim("voice file", string(out.ID))
}

// Play downloads a voice file's bytes (sound/play). A missing file answers
// code 403, which satisfies IsNotFound.
func (s *SoundsService) Play(ctx context.Context, id string) ([]byte, error) {
	var raw []byte
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: soundPath + "/play",
		Query: url.Values{"sound_id": {id}}, BodyKind: BodyNone, Envelope: EnvelopePortal,
		Idempotent: true, Read: true, NotFoundCodes: []int64{403}, Raw: &raw,
	}, nil)
	if err != nil {
		return nil, err
	}
	if raw == nil {
		return nil, fmt.Errorf("sound/play %s answered a JSON success instead of the file", id)
	}
	return raw, nil
}

// DeleteResult is the outcome of one id of a sound/delete.
type DeleteResult struct {
	SoundID string
	Code    int64
	Message string
}

// OK reports whether the id was deleted.
func (r DeleteResult) OK() bool { return r.Code == 200 || r.Code == 0 }

// Delete removes voice files (sound/delete: GET with sound_id a JSON-array
// style list such as [12,13]). The service answers a code-500 envelope whose
// data holds one result per id (§7.2); they are returned item by item, and
// err is only set when the call as a whole failed (405 sound_id empty, the
// common codes, transport).
func (s *SoundsService) Delete(ctx context.Context, ids ...string) ([]DeleteResult, error) {
	parts := make([]string, len(ids))
	for i, id := range ids {
		if _, err := strconv.ParseInt(id, 10, 64); err == nil {
			parts[i] = id
		} else {
			b, _ := json.Marshal(id)
			parts[i] = string(b)
		}
	}
	var out struct {
		Data []ItemResult `json:"data"`
	}
	err := s.c.Do(ctx, Request{
		Surface: SurfacePortal, Method: "GET", Path: soundPath + "/delete",
		Query:    url.Values{"sound_id": {"[" + strings.Join(parts, ",") + "]"}},
		BodyKind: BodyNone, Envelope: EnvelopePortal, Idempotent: true,
	}, &out)
	items := out.Data
	if err != nil {
		e, ok := AsAPIError(err)
		if !ok || e.Code != 500 || e.Items() == nil {
			return nil, err
		}
		items = e.Items()
	}
	res := make([]DeleteResult, 0, len(items))
	for _, it := range items {
		res = append(res, DeleteResult{SoundID: string(it.SoundID), Code: int64(it.Code), Message: string(it.Message)})
	}
	return res, nil
}

// DeleteOne removes one voice file. An id the service no longer knows
// (per-item 403) satisfies IsNotFound.
func (s *SoundsService) DeleteOne(ctx context.Context, id string) error {
	res, err := s.Delete(ctx, id)
	if err != nil {
		return err
	}
	for _, r := range res {
		if r.SoundID != id && len(res) > 1 {
			continue
		}
		if r.OK() {
			return nil
		}
		e := &APIError{Surface: SurfacePortal, Method: "GET", Path: soundPath + "/delete", HTTPStatus: 200,
			Code: r.Code, Message: r.Message + " (overall result code 500)", notFoundCodes: []int64{403}}
		return e
	}
	return fmt.Errorf("sound/delete answered no result for sound_id %s", id)
}

// List returns the voice files matching f (sound/list answers every match
// at once, and takes no page parameter: see wholeList).
func (s *SoundsService) List(ctx context.Context, f SoundFilter) iter.Seq2[Sound, error] {
	return paginate(ctx, nil, func(ctx context.Context, _ int) (Page[Sound], error) {
		filter := map[string]any{}
		if f.Keyword != "" {
			filter["keyword"] = f.Keyword
		}
		info, _ := json.Marshal(map[string]any{"filter": filter})
		var out struct {
			Data  []Sound `json:"data"`
			Total FlexInt `json:"total"`
		}
		err := s.c.Do(ctx, Request{
			Surface: SurfacePortal, Method: "POST", Path: soundPath + "/list",
			Body: map[string]string{"info": string(info)}, Envelope: EnvelopePortal, Idempotent: true, Read: true,
		}, &out)
		if err == nil {
			err = wholeList("sound/list", "voice files", f.Keyword != "", len(out.Data), int64(out.Total), 0)
		}
		items := out.Data
		if f.SoundType != 0 {
			items = slices.DeleteFunc(items, func(snd Sound) bool { return int64(snd.SoundType) != f.SoundType })
		}
		return Page[Sound]{Items: items}, err
	})
}

// Get finds one voice file by id; the error satisfies IsNotFound when it is
// gone. sound/list has no id filter, so the whole list is read, once for
// every voice file read at the same time (see finder).
func (s *SoundsService) Get(ctx context.Context, id string) (*Sound, error) {
	return s.finder.get(ctx, id, "sound")
}

// FindByName returns the newest voice file with this exact name and type,
// or nil.
func (s *SoundsService) FindByName(ctx context.Context, name string, soundType int64) (*Sound, error) {
	var found *Sound
	for snd, err := range s.List(ctx, SoundFilter{Keyword: name}) {
		if err != nil {
			return nil, err
		}
		if string(snd.Name) == name && (soundType == 0 || int64(snd.SoundType) == soundType) {
			found = &snd
		}
	}
	return found, nil
}
