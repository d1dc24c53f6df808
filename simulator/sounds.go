package simulator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// SoundsState holds the voice files (spec §4.5, §2.9).
type SoundsState struct {
	Sounds map[int64]*Sound `json:"sounds"`
}

func (x *SoundsState) init() {
	if x.Sounds == nil {
		x.Sounds = map[int64]*Sound{}
	}
}

// usedIDs reports the ids the part holds (State.keepIDsAbove).
func (x *SoundsState) usedIDs(take func(kind string, id int64)) {
	for id := range x.Sounds {
		take("sound", id)
	}
}

// soundsPart registers this domain's part of the state, member "sounds" of
// the state file.
var soundsPart = registerState("sounds", (*SoundsState).init)

// Sounds returns the state's part of this domain (voice files).
func (st *State) Sounds() *SoundsState { return soundsPart(st) }

// Sound is one voice file with its content.
type Sound struct {
	ID            int64  `json:"id"`
	Name          string `json:"name"`
	Remark        string `json:"remark"`
	SoundType     int64  `json:"sound_type"`
	Address       string `json:"address"`
	SoundsAddress string `json:"sounds_address"`
	AddTime       string `json:"add_time"`
	Format        string `json:"format"`
	Content       []byte `json:"content"`
}

// soundName returns the name of a voice file by id, for a skill group's
// wait_audio.
func (x *SoundsState) soundName(id string) (string, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(id), 10, 64)
	if err != nil || n <= 0 {
		return "", false
	}
	if s := x.Sounds[n]; s != nil {
		return s.Name, true
	}
	return "", false
}

// The §7.2 codes of each sound interface, with the common 401/402.
var (
	soundUpload = withCommon(map[int]string{403: "name empty", 404: "voice format wrong", 405: "sox conversion failed",
		406: "conversion failed", 408: "save failed", 409: "no voice uploaded"})
	soundPlay   = withCommon(map[int]string{403: "file does not exist"})
	soundDelete = withCommon(map[int]string{405: "sound_id empty", 500: "overall result"})
	soundList   = withCommon(map[int]string{403: "info is not JSON"})
)

func init() {
	registerDomain(domain{name: "sounds", routes: func(s *Server) {
		r := func(method, path string, codes map[int]string, h func(*Call)) Route {
			return Route{Methods: []string{method}, Prefix: PrefixPortal, Path: "/v2/svcapi/sound" + path, Env: EnvPortal, Codes: codes, Handler: h}
		}
		s.Handle(r("POST", "/upload", soundUpload, soundUploadHandler))
		s.Handle(r("GET", "/play", soundPlay, soundPlayHandler))
		del := r("GET", "/delete", soundDelete, soundDeleteHandler)
		del.OnForced = func(c *Call, code int) {
			if code == 401 || code == 402 || code == 405 {
				c.Fail(code, "", nil)
				return
			}
			c.Fail(500, "", map[string]any{"data": []map[string]any{{"code": code, "message": soundDelete[code], "sound_id": c.Str("sound_id")}}})
		}
		s.Handle(del)
		s.Handle(r("POST", "/list", soundList, soundListHandler))
	}})
}

// soundFormat recognises a voice file by its content: WAV is
// "RIFF....WAVE", MP3 starts with an ID3 tag or an MPEG frame sync
// (0xFF followed by 0xE0..0xFF).
func soundFormat(b []byte) string {
	switch {
	case len(b) >= 12 && bytes.Equal(b[0:4], []byte("RIFF")) && bytes.Equal(b[8:12], []byte("WAVE")):
		return "wav"
	case len(b) >= 3 && bytes.Equal(b[0:3], []byte("ID3")):
		return "mp3"
	case len(b) >= 2 && b[0] == 0xFF && b[1]&0xE0 == 0xE0:
		return "mp3"
	}
	return ""
}

func soundUploadHandler(c *Call) {
	name := strings.TrimSpace(c.Str("name"))
	if name == "" {
		c.Fail(403, "name is empty", nil)
		return
	}
	content, ok := c.File("sound")
	if !ok || len(content) == 0 {
		c.Fail(409, "no voice uploaded: the multipart file field \"sound\" is missing or empty", nil)
		return
	}
	st, ok, err := c.Int("sound_type")
	if err != nil || !ok || st < 1 || st > 6 {
		// The spec lists no code of its own for sound_type; a wrong type is
		// reported as a wrong voice format, the closest §7.2 code.
		c.Fail(404, fmt.Sprintf("sound_type must be 1-6, got %q", c.Str("sound_type")), nil)
		return
	}
	format := soundFormat(content)
	if format == "" {
		c.Fail(404, "voice format wrong: the file is neither WAV (RIFF/WAVE) nor MP3", nil)
		return
	}
	id := c.St.NextID("sound", 500)
	fileName := c.Str("__filename_sound")
	if fileName == "" {
		fileName = fmt.Sprintf("%d.%s", id, format)
	}
	snd := &Sound{
		ID: id, Name: name, Remark: c.Str("remark"), SoundType: st, Format: format, Content: content,
		Address:       fmt.Sprintf("/var/lib/contactcenter/sounds/%d.wav", id),
		SoundsAddress: fmt.Sprintf("uploads/sounds/%s/%s", c.Now().Format("20060102"), fileName),
		AddTime:       c.Now().Format(recordTimeLayout),
	}
	c.St.Sounds().Sounds[id] = snd
	c.Changed()
	c.OK(map[string]any{"path": snd.SoundsAddress, "id": strconv.FormatInt(id, 10)})
}

func soundPlayHandler(c *Call) {
	n, err := strconv.ParseInt(strings.TrimSpace(c.Str("sound_id")), 10, 64)
	snd := c.St.Sounds().Sounds[n]
	if err != nil || snd == nil {
		c.Fail(403, fmt.Sprintf("file does not exist: sound_id %q", c.Str("sound_id")), nil)
		return
	}
	ct := "audio/wav"
	if snd.Format == "mp3" {
		ct = "audio/mpeg"
	}
	c.Write(200, ct, snd.Content)
}

// soundIDList reads a JSON-array style list ([12,13] or ["12","x"]); a bare
// id or a comma list is accepted too.
func soundIDList(raw string) []string {
	raw = strings.TrimSpace(raw)
	var arr []json.RawMessage
	if strings.HasPrefix(raw, "[") && json.Unmarshal([]byte(raw), &arr) == nil {
		out := make([]string, 0, len(arr))
		for _, a := range arr {
			var s string
			if json.Unmarshal(a, &s) != nil {
				s = string(a)
			}
			out = append(out, strings.TrimSpace(s))
		}
		return out
	}
	var out []string
	for _, p := range strings.Split(strings.Trim(raw, "[]"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func soundDeleteHandler(c *Call) {
	ids := soundIDList(c.Str("sound_id"))
	if len(ids) == 0 {
		c.Fail(405, "sound_id is empty", nil)
		return
	}
	items := make([]map[string]any, 0, len(ids))
	for _, raw := range ids {
		n, err := strconv.ParseInt(raw, 10, 64)
		switch {
		case err != nil:
			items = append(items, map[string]any{"code": 403, "message": fmt.Sprintf("sound_id %q is not a number", raw), "sound_id": raw})
		case c.St.Sounds().Sounds[n] == nil:
			items = append(items, map[string]any{"code": 403, "message": fmt.Sprintf("sound %d does not exist", n), "sound_id": raw})
		default:
			delete(c.St.Sounds().Sounds, n)
			c.Changed()
			items = append(items, map[string]any{"code": 200, "message": "deleted", "sound_id": raw})
		}
	}
	// The overall result is always code 500 with one entry per id (§4.5).
	c.Fail(500, "", map[string]any{"data": items})
}

func soundListHandler(c *Call) {
	var filter struct {
		Filter struct {
			Keyword    string          `json:"keyword"`
			SelectType json.RawMessage `json:"select_type"`
		} `json:"filter"`
	}
	text, _, err := c.Text("info")
	if err != nil {
		// §4.5: info is JSON text (a string), not the JSON value itself.
		c.Fail(403, "info is not JSON text: "+err.Error(), nil)
		return
	}
	if info := strings.TrimSpace(text); info != "" {
		if err := json.Unmarshal([]byte(info), &filter); err != nil {
			c.Fail(403, "info is not JSON: "+err.Error(), nil)
			return
		}
	}
	var selType int64
	if st := strings.Trim(string(filter.Filter.SelectType), `" `); st != "" && st != "null" {
		selType, _ = strconv.ParseInt(st, 10, 64)
	}
	ids := make([]int64, 0, len(c.St.Sounds().Sounds))
	for id, snd := range c.St.Sounds().Sounds {
		if filter.Filter.Keyword != "" && !strings.Contains(snd.Name, filter.Filter.Keyword) {
			continue
		}
		if selType != 0 && snd.SoundType != selType {
			continue
		}
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	items := make([]map[string]any, 0, len(ids))
	for _, id := range ids {
		snd := c.St.Sounds().Sounds[id]
		items = append(items, map[string]any{
			"id": strconv.FormatInt(id, 10), "name": snd.Name, "remark": snd.Remark, "address": snd.Address,
			"sounds_address": snd.SoundsAddress, "add_time": snd.AddTime, "sound_type": strconv.FormatInt(snd.SoundType, 10),
		})
	}
	c.OK(map[string]any{"total": strconv.Itoa(len(items)), "data": items})
}
