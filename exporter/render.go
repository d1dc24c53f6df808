package exporter

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

// render turns the inventory into the module. Names are handed out for
// every kind first, so references resolve whatever the file order.
func render(inv *inventory, opts Options) *module {
	m := newModule(opts)
	inv = inv.only(opts)
	// An object the user's import block names by its natural key (an
	// agent by user_num:<number>, a skill group or its membership by
	// que_name:<name>, a signature by its text, a template by its name, as
	// the export's own import blocks and the staging-and-production guide
	// write them) is known by its id from here on: without it, the export
	// wrote the object again ("Duplicate resource" at the same address, or
	// two resources managing one object at another).
	for _, a := range inv.agents {
		opts.theirs.keyed(typeAgent, "user_num:"+string(a.UserNum), strconv.FormatInt(int64(a.UserID), 10))
	}
	for _, g := range inv.groups {
		opts.theirs.keyed(typeSkillGroup, "que_name:"+string(g.QueName), string(g.ID))
		opts.theirs.keyed(typeSkillGroupMembers, "que_name:"+string(g.QueName), string(g.ID))
	}
	sigImport := keyedImportIDs(inv.signatures, "sign_text:", func(s client.SMSSignature) string { return string(s.SignText) },
		func(s client.SMSSignature) string { return strconv.FormatInt(int64(s.ID), 10) })
	tplImport := keyedImportIDs(inv.templates, "template_name:", func(t client.SMSTemplate) string { return string(t.TplTitle) },
		func(t client.SMSTemplate) string { return strconv.FormatInt(int64(t.ID), 10) })
	for i, s := range inv.signatures {
		opts.theirs.keyed(typeSMSSignature, sigImport[i], strconv.FormatInt(int64(s.ID), 10))
	}
	for i, t := range inv.templates {
		opts.theirs.keyed(typeSMSTemplate, tplImport[i], strconv.FormatInt(int64(t.ID), 10))
	}
	agentNames := newNamer("agent", opts.kept).mind(opts.theirs)
	agentName := make([]string, len(inv.agents))
	for i, a := range inv.agents {
		agentName[i] = agentNames.name(string(a.UserNum), strconv.FormatInt(int64(a.UserID), 10))
		m.agentByID[int64(a.UserID)] = agentName[i]
		m.agentNums[string(a.UserNum)] = agentName[i]
		m.agentIDByNum[string(a.UserNum)] = int64(a.UserID)
	}
	groupNames := newNamer("skill_group", opts.kept).mind(opts.theirs)
	groupName := make([]string, len(inv.groups))
	for i, g := range inv.groups {
		groupName[i] = groupNames.name(string(g.QueName), string(g.ID))
		if opts.wants(KindSkillGroups) {
			m.groupByID[string(g.ID)] = groupName[i]
		}
	}
	webhookNames := newNamer("webhook", opts.kept).mind(opts.theirs)
	webhookName := make([]string, len(inv.webhooks))
	for i, w := range inv.webhooks {
		webhookName[i] = webhookNames.name(string(w.Name), strconv.FormatInt(int64(w.ID), 10))
		m.webhookByID[int64(w.ID)] = webhookName[i]
	}
	sigNames := newNamer("sms_signature", opts.kept).mind(opts.theirs)
	sigName := make([]string, len(inv.signatures))
	for i, s := range inv.signatures {
		sigName[i] = sigNames.name(string(s.SignText), strconv.FormatInt(int64(s.ID), 10))
		m.sigByID[int64(s.ID)] = sigName[i]
	}
	soundNames := newNamer("sound", opts.kept).mind(opts.theirs)
	soundName := make([]string, len(inv.sounds))
	for i, s := range inv.sounds {
		soundName[i] = soundNames.name(string(s.Name), string(s.ID))
		m.soundByID[string(s.ID)] = soundName[i]
	}
	gwSigNames := newNamer("gateway_sms_signature", opts.kept).mind(opts.theirs)
	gwSigName := make([]string, len(inv.gwSigs))
	for i, g := range inv.gwSigs {
		gwSigName[i] = gwSigNames.name(g.Content(), strconv.FormatInt(g.Identifier(), 10))
		if d := opts.theirs.mine(typeGatewaySMSSignature, strconv.FormatInt(g.Identifier(), 10), gwSigName[i]); d != nil && !d.plain {
			m.theirText[g.Content()] = d
			continue
		}
		m.gwSigByText[g.Content()] = append(m.gwSigByText[g.Content()], gwSigName[i])
	}

	listed := map[int64]bool{}
	for _, g := range inv.groups {
		if id, err := strconv.ParseInt(string(g.ID), 10, 64); err == nil {
			listed[id] = true
		}
	}
	// Names are handed out in id order (above), so that an object added
	// since the last export, a higher id, takes the suffix where two
	// names meet; the blocks of the kinds whose key is unique in a contact
	// center are written in the order of that key, the same in every center,
	// so that the exports of two centers (staging, production) differ in
	// their ids only, not in the order their objects were made.
	for _, i := range keyOrder(len(inv.agents), func(i int) string { return string(inv.agents[i].UserNum) }) {
		a := inv.agents[i]
		var comments []string
		if opts.wants(KindSkillGroupMembers) {
			comments = m.missingGroups(agentName[i], a, listed)
		}
		m.renderAgent(agentName[i], a, comments)
	}
	if len(inv.agents) > 0 {
		m.notes = append(m.notes, "Agents are written without a password: a password is needed to create an agent, not to manage one that exists. "+
			"Do not add user_password to adopted agents (the first apply would send it and reset the agent's password).")
	}
	for _, i := range keyOrder(len(inv.groups), func(i int) string { return string(inv.groups[i].QueName) }) {
		g := inv.groups[i]
		if opts.wants(KindSkillGroups) {
			m.renderSkillGroup(groupName[i], g)
		}
		if opts.wants(KindSkillGroupMembers) {
			m.renderMembers(groupName[i], g, inv.members[string(g.ID)])
		}
	}
	for i, w := range inv.webhooks {
		m.renderWebhook(webhookName[i], w)
	}
	taskNames := newNamer("outbound_task", opts.kept).mind(opts.theirs)
	for _, t := range inv.tasks {
		m.renderTask(taskNames.name(string(t.Name), strconv.FormatInt(int64(t.ID), 10)), t)
	}
	for _, i := range keyOrder(len(inv.signatures), func(i int) string { return string(inv.signatures[i].SignText) }) {
		s := inv.signatures[i]
		m.renderSignature(sigName[i], sigImport[i], s)
	}
	tplNames := newNamer("sms_template", opts.kept).mind(opts.theirs)
	tplName := make([]string, len(inv.templates))
	for i, t := range inv.templates {
		tplName[i] = tplNames.name(string(t.TplTitle), strconv.FormatInt(int64(t.ID), 10))
	}
	for _, i := range keyOrder(len(inv.templates), func(i int) string { return string(inv.templates[i].TplTitle) }) {
		m.renderTemplate(tplName[i], tplImport[i], inv.templates[i])
	}
	m.ownSounds = map[string]bool{}
	for i := range inv.sounds {
		m.ownSounds[soundFileBase(soundName[i])] = true
	}
	for i, s := range inv.sounds {
		m.renderSound(soundName[i], s)
	}
	for i, g := range inv.gwSigs {
		m.renderGatewaySignature(gwSigName[i], g)
	}
	gwTplNames := newNamer("gateway_sms_template", opts.kept).mind(opts.theirs)
	for _, t := range inv.gwTpls {
		m.renderGatewayTemplate(gwTplNames.name(string(t.TplTitle), strconv.FormatInt(t.Identifier(), 10)), t)
	}
	if t := opts.theirs; t != nil {
		if t.requiredProviders != "" {
			note := "versions.tf holds no required_providers block: your own is in " + t.requiredProviders + " (a module has one)"
			if !t.namesCC {
				note += `; it does not name contactcenter: add contactcenter = { source = "contactcenter/contactcenter" } to it`
			}
			m.notes = append(m.notes, note)
		}
		if t.provider != "" {
			m.notes = append(m.notes, `versions.tf holds no provider "contactcenter" block: your own is in `+t.provider+" (a module has one)")
		}
		for _, u := range t.unknownIDs {
			if opts.wants(kindOfType[u.typ]) {
				m.notes = append(m.notes, fmt.Sprintf("your import block in %s (to %s.%s) gives ids the export does not evaluate (a variable, for_each), and no state holds that address yet: "+
					"an object it imports may be written here again, at the export's own address (two resources would manage it); apply your import before exporting, "+
					"or check that the plan imports no object twice", u.at, u.typ, u.name))
			}
		}
	}
	m.checkRules()
	return m
}

// missingGroups notes each skill group the agent's record names
// (queue_ids) that the group list does not hold: its membership there has
// no group to be written under, so the export leaves it out. It returns
// the comments for the agent's block.
func (m *module) missingGroups(name string, a client.Agent, listed map[int64]bool) []string {
	var out []string
	for _, id := range a.QueueIDList() {
		if listed[id] {
			continue
		}
		m.notes = append(m.notes, fmt.Sprintf("missing skill group: %s.%s: agent %s's record names skill group %d (queue_ids), "+
			"which the platform's group list does not hold (deleted, or not visible to this token); the export wrote no membership for it, "+
			"so no resource of this folder manages or removes it: check group %d in the portal", typeAgent, name, a.UserNum, id, id))
		out = append(out, fmt.Sprintf("The agent's record names skill group %d (queue_ids), which the platform's group list does not hold: "+
			"no membership is written for it.", id))
	}
	return out
}

// only drops the kinds that were not asked for; skill groups stay, as the
// membership resources are written from them.
func (inv *inventory) only(opts Options) *inventory {
	out := *inv
	if !opts.wants(KindAgents) {
		out.agents = nil
	}
	if !opts.wants(KindWebhooks) {
		out.webhooks = nil
	}
	if !opts.wants(KindOutboundTasks) {
		out.tasks = nil
	}
	if !opts.wants(KindSMSSignatures) {
		out.signatures = nil
	}
	if !opts.wants(KindSMSTemplates) {
		out.templates = nil
	}
	if !opts.wants(KindSounds) {
		out.sounds = nil
	}
	if !opts.wants(KindGatewaySMSSignatures) {
		out.gwSigs = nil
	}
	if !opts.wants(KindGatewaySMSTemplates) {
		out.gwTpls = nil
	}
	return &out
}

// optStr writes a text attribute when it is not empty.
func optStr(fs *fields, name string, v string) {
	if v != "" {
		fs.add(name, str(v))
	}
}

// optInt writes an integer attribute when it differs from def.
func optInt(fs *fields, name string, v, def int64) {
	if v != def {
		fs.add(name, num(v))
	}
}

func (m *module) renderSkillGroup(name string, g client.SkillGroup) {
	var b fields
	b.add("que_name", str(string(g.QueName)))
	b.add("que_priority", num(int64(g.QuePriority)))
	optStr(&b, "que_num", string(g.QueNum))
	// Optional and computed: unset keeps the service's value, so zeros
	// (which the service answers for "not set") are left out.
	for _, f := range []struct {
		name string
		v    client.FlexInt
	}{
		{"que_type", g.QueType}, {"que_length", g.QueLength}, {"que_time", g.QueTime}, {"ring_time", g.RingTime},
		{"next_wait", g.NextWait}, {"b_announce", g.BAnnounce}, {"noans_times", g.NoansTimes}, {"noans_wait", g.NoansWait},
	} {
		optInt(&b, f.name, int64(f.v), 0)
	}
	optStr(&b, "noans_action", string(g.NoansAction))
	optInt(&b, "que_strategy", int64(g.QueStrategy), 0)
	switch wa := string(g.WaitAudio); wa {
	case "":
	case "-1", "0":
		b.add("wait_audio", str(wa))
	default:
		v, c := m.soundRef(wa, typeSkillGroup+"."+name+": wait_audio")
		b.add("wait_audio", v, c...)
	}
	optInt(&b, "auto_evaluate", int64(g.AutoEvaluate), 1)
	// Imported by its name, unique and the same in every contact center,
	// as agents are by number (see renderAgent).
	m.addImportingAs(KindSkillGroups, typeSkillGroup, name, string(g.ID), "que_name:"+string(g.QueName), nil, b)
}

func (m *module) renderMembers(groupName string, g client.SkillGroup, agents []client.GroupAgent) {
	if len(agents) == 0 {
		return // an empty group gets no membership resource: adopting it must not pin it empty
	}
	queID, queComments := m.groupRef(string(g.ID), str(string(g.ID)), "skill group members of "+string(g.QueName)+": que_id")
	if m.opts.Membership == MembershipMember {
		// The group's id is every member's: a member left out does not
		// take it from the others.
		m.mark()
		for _, a := range agents {
			var b fields
			b.add("que_id", queID, queComments...)
			// Both parts are names already, so they are joined whole: a
			// name cut short here could lose the agent's part and name
			// the members of a long-named group group_2, group_3, … in
			// listing order.
			name := m.memberNames.named(fmt.Sprintf("%s:%d", g.ID, a.AgID), groupName+"_"+m.agentKey(int64(a.AgID)))
			agentID, c := m.agentRef(int64(a.AgID), typeSkillGroupMember+"."+name+": agent_id")
			if c != nil {
				agentID = str(strconv.FormatInt(int64(a.AgID), 10))
			}
			b.add("agent_id", agentID, c...)
			optInt(&b, "skill", int64(a.Skill), 1)
			m.add(KindSkillGroupMembers, typeSkillGroupMember, name, fmt.Sprintf("%s:%d", g.ID, a.AgID), nil, b)
			m.holds(string(g.ID), int64(a.AgID), resourceAddr{typeSkillGroupMember, name})
		}
		return
	}
	// Named after the group, unless the state names it otherwise (a
	// resource renamed by the team keeps its name).
	name := m.membersNames.named(string(g.ID), groupName)
	var b fields
	b.add("que_id", queID, queComments...)
	items := make([]expr, 0, len(agents))
	var comments []string
	for _, a := range agents {
		agentID, c := m.agentRef(int64(a.AgID), typeSkillGroupMembers+"."+name+": members")
		if c != nil {
			agentID = str(strconv.FormatInt(int64(a.AgID), 10))
			comments = append(comments, "agent_id "+c[0])
		}
		var it fields
		it.add("agent_id", agentID)
		it.add("skill", num(int64(a.Skill)))
		items = append(items, object(it))
		m.holds(string(g.ID), int64(a.AgID), resourceAddr{typeSkillGroupMembers, name})
	}
	b.add("members", list(items, true), comments...)
	m.addImportingAs(KindSkillGroupMembers, typeSkillGroupMembers, name, string(g.ID), "que_name:"+string(g.QueName), nil, b)
}

// holds records that the resource addr keeps agent in group.
func (m *module) holds(group string, agent int64, at resourceAddr) {
	id := group
	if at.typ == typeSkillGroupMember {
		id = fmt.Sprintf("%s:%d", group, agent)
	}
	// A membership of the user's in a module or under count or for_each:
	// a task's depends_on names the whole resource, or nothing for one in
	// a module (depends_on names no resource inside another module).
	if d := m.opts.theirs.mine(at.typ, id, at.name); d != nil && !d.plain {
		if strings.HasPrefix(d.addr, "module.") {
			return
		}
		at.name = d.name
	}
	if m.membership[group] == nil {
		m.membership[group] = map[int64]resourceAddr{}
	}
	m.membership[group][agent] = at
}

// agentKey is the part of a member resource's name that names the agent.
func (m *module) agentKey(id int64) string {
	if n, ok := m.agentByID[id]; ok {
		return n
	}
	return "agent_" + strconv.FormatInt(id, 10)
}

func (m *module) renderWebhook(name string, w client.Webhook) {
	var b fields
	b.add("name", str(string(w.Name)))
	// An address that carries a password or a token (https://user:pass@…,
	// ?token=…) is written as the platform holds it, so that the first plan
	// changes nothing, but the folder is meant for version control and CI:
	// the comment and a note say so, naming the fix (a sensitive
	// variable). client.HideURLSecrets is how the provider quotes it.
	id := strconv.FormatInt(int64(w.ID), 10)
	if shown, userinfo := client.HideURLSecrets(string(w.URL)); userinfo || shown != string(w.URL) {
		b.add("url", str(string(w.URL)), "This address carries a password or a token, in clear here: set it from a sensitive variable before this folder goes into version control.")
		if m.opts.theirs.mine(typeWebhook, id, name) == nil {
			m.notes = append(m.notes, fmt.Sprintf("secret in clear: %s.%s: the webhook's url carries a password or a token (%s), written as the platform holds it in %s; "+
				"move it to a variable with sensitive = true (set through TF_VAR_… or a .tfvars file kept out of version control) before the folder is committed or planned in CI",
				typeWebhook, name, shown, string(KindWebhooks)+".tf"))
		}
	} else {
		b.add("url", str(string(w.URL)))
	}
	if w.Status {
		b.add("status", boolean(true))
	}
	if w.IsEncrypt {
		b.add("is_encrypt", boolean(true))
	}
	optInt(&b, "event_type", int64(w.EventType), 0)
	optInt(&b, "dept_id", int64(w.DeptID), 0)
	m.add(KindWebhooks, typeWebhook, name, id, nil, b)
}

func (m *module) renderSignature(name, importAs string, s client.SMSSignature) {
	var b fields
	b.add("sign_text", str(string(s.SignText)))
	optStr(&b, "remark", string(s.Remark))
	m.addImportingAs(KindSMSSignatures, typeSMSSignature, name, strconv.FormatInt(int64(s.ID), 10), importAs,
		[]string{signatureState(int64(s.State))}, b)
	if int64(s.State) == client.SignatureRejected {
		m.noteRejected(typeSMSSignature, name, string(s.Reason), "its sign_text or remark is changed (which replaces it: the new one is reviewed)")
	}
}

// noteRejected notes an object the review rejected: the provider warns on
// every plan that it cannot send (a pipeline stays green while it cannot),
// which an adopter met unannounced after the export's first apply; the
// note says how the warning ends.
func (m *module) noteRejected(typ, name, reason, resubmit string) {
	why := ""
	if reason != "" {
		why = fmt.Sprintf(" (reason: %q)", reason)
	}
	m.notes = append(m.notes, fmt.Sprintf("rejected by review: %s.%s%s: every plan warns that it cannot send, until %s or it is removed from the configuration",
		typ, name, why, resubmit))
}

// keyedImportIDs returns the import id of each object of all:
// prefix+key (sign_text:<text>, template_name:<name>), the same in every
// contact center, as agents are imported by number (see renderAgent), so
// that a folder exported from one center and planned against another
// adopts that center's object, never an unrelated one that holds the id
// there. An object is imported by its id instead where the key would not
// find it alone: another object of all has it in any Unicode form (the
// spec does not make signature texts or template names unique, §2.3, §2.4:
// the import would be refused as ambiguous; Terraform holds every string
// composed, NFC, so "Cafe" and U+0301 beside "Café" would find the latter).
// A key held decomposed alone is imported by it: the provider finds it in
// another form when nothing matches as written.
func keyedImportIDs[T any](all []T, prefix string, key, id func(T) string) []string {
	held := map[string]int{}
	for _, o := range all {
		held[norm.NFC.String(key(o))]++
	}
	out := make([]string, len(all))
	for i, o := range all {
		out[i] = id(o)
		if k := key(o); held[norm.NFC.String(k)] == 1 {
			out[i] = prefix + k
		}
	}
	return out
}

func signatureState(s int64) string {
	switch s {
	case client.SignatureReviewing:
		return "Review state: reviewing (0)."
	case client.SignatureApproved:
		return "Review state: approved (1)."
	case client.SignatureRejected:
		return "Review state: rejected (2)."
	}
	return fmt.Sprintf("Review state: %d.", s)
}

func (m *module) renderTemplate(name, importAs string, t client.SMSTemplate) {
	var b fields
	b.add("template_name", str(string(t.TplTitle)))
	b.add("template_contents", str(string(t.TplText)))
	sign, c := m.signatureRef(int64(t.NewSignID), typeSMSTemplate+"."+name+": sign_id")
	b.add("sign_id", sign, c...)
	optInt(&b, "dept_id", int64(t.DeptID), 0)
	state := fmt.Sprintf("Review state: %d.", t.State)
	switch int64(t.State) {
	case client.TemplateDraft:
		// A draft was saved with action 1; importing it reads back as
		// submit_for_review = false.
		b.add("submit_for_review", boolean(false))
		state = "A draft (state -1): saved, never submitted for review."
	case client.TemplatePending:
		state = "Review state: pending review (0)."
	case client.TemplateApproved:
		state = "Review state: approved (1)."
	case client.TemplateRejected:
		state = "Review state: rejected (2)."
		m.noteRejected(typeSMSTemplate, name, string(t.Reason), "its text, name or signature is changed (sent back to review)")
	}
	m.addImportingAs(KindSMSTemplates, typeSMSTemplate, name, strconv.FormatInt(int64(t.ID), 10), importAs, []string{state}, b)
}

func (m *module) renderSound(name string, s soundFile) {
	ext := "." + client.SoundFormat(s.content)
	var comments []string
	if ext == "." {
		ext = ".bin"
		comments = append(comments, "The downloaded file is neither WAV nor MP3 by its content; the provider will refuse it as source.")
		m.notes = append(m.notes, fmt.Sprintf("voice file %s (%s): the download is neither WAV nor MP3", s.ID, s.Name))
	}
	file := "sounds/" + m.soundFile(soundFileBase(name), ext)
	sum := sha256.Sum256(s.content)
	comments = append(comments, "Downloaded with sound/play; sha256 "+hex.EncodeToString(sum[:])+".")
	m.sounds = append(m.sounds, outFile{name: file, content: s.content})
	var b fields
	b.add("name", str(string(s.Name)))
	optStr(&b, "remark", string(s.Remark))
	b.add("sound_type", num(int64(s.SoundType)))
	// Relative to the module, as Terraform runs there. The import id names
	// the same file, so the import records it and plans no change.
	b.add("source", str(file))
	b.add("source_hash", raw(`filesha256("`+file+`")`))
	m.add(KindSounds, typeSound, name, string(s.ID)+","+file, comments, b)
}

// soundFile is the name of a voice file's local copy, base and ext, or
// base-2, base-3, … when a name that differs from it only in case is
// taken: by another voice file of this export (a state may name one
// resource Hold and the export the other hold), or by a file that sounds/
// holds already under another case (a recording Hold.wav of the user's
// own). Windows and macOS read such names as one file: the export wrote
// both voice files to one (both resources then named the same file, and
// each source_hash but one was wrong), or replaced the user's recording.
// A module written on Linux is also read on such systems (a checkout).
// The file of the same name in the same case is the voice file's own
// from an earlier export, which it replaces.
func (m *module) soundFile(base, ext string) string {
	if m.soundFiles == nil {
		m.soundFiles = map[string]bool{}
		if entries, err := os.ReadDir(filepath.Join(m.opts.Dir, "sounds")); err == nil {
			for _, e := range entries {
				m.existing = append(m.existing, e.Name())
			}
		}
	}
	taken := func(name string) bool {
		if m.soundFiles[strings.ToLower(name)] {
			return true
		}
		for _, e := range m.existing {
			// A file named as another voice file of this export, in its
			// case, is that one's own from an earlier export (written on a
			// file system that tells case), not a recording of the user's:
			// taken for one, both voice files were renamed, Hold-2.wav and
			// hold-3.wav, beside the old ones.
			if own := m.ownSounds[strings.TrimSuffix(e, filepath.Ext(e))]; e != name && !own && strings.EqualFold(e, name) {
				return true
			}
		}
		return false
	}
	name := base + ext
	for i := 2; taken(name); i++ {
		name = base + "-" + strconv.Itoa(i) + ext
	}
	m.soundFiles[strings.ToLower(name)] = true
	return name
}

// soundFileBase is the name of a voice file's local copy (before its
// extension): the resource's name, unless Windows takes that name for a
// device (CON, NUL, AUX, PRN, COM1-9, LPT1-9, whatever the extension),
// where "sounds/con.wav" is the console, not a file: a voice file named
// "CON" (its resource con) was written to the console and the export
// failed, on the Windows builds. Such a name gets "-voice", which no
// resource name the export gives has (they hold no "-"), so it stays
// unique.
func soundFileBase(name string) string {
	if windowsDevice(name) {
		return name + "-voice"
	}
	return name
}

// windowsDevice tells whether name, case aside, is a name Windows reserves
// for a device in every folder.
func windowsDevice(name string) bool {
	switch n := strings.ToLower(name); n {
	case "con", "prn", "aux", "nul", "conin$", "conout$":
		return true
	default:
		return len(n) == 4 && (strings.HasPrefix(n, "com") || strings.HasPrefix(n, "lpt")) && n[3] >= '1' && n[3] <= '9'
	}
}

// gatewayState names a gateway review state (§2.13).
func gatewayState(s int64) string {
	name := map[int64]string{-1: "draft", 0: "pending", 1: "approved", 2: "rejected"}[s]
	if name == "" {
		return fmt.Sprintf("Review state: %d.", s)
	}
	return fmt.Sprintf("Review state: %s (%d).", name, s)
}

func (m *module) renderGatewaySignature(name string, g client.GatewaySignature) {
	var b fields
	b.add("sign_text", str(g.Content()))
	comments := []string{gatewayState(int64(g.State)) + " The gateway does not give back remark or the qualification image, so they are not written."}
	m.add(KindGatewaySMSSignatures, typeGatewaySMSSignature, name, strconv.FormatInt(g.Identifier(), 10), comments, b)
	if int64(g.State) == client.GatewayStateRejected {
		m.noteRejected(typeGatewaySMSSignature, name, string(g.Reason), "it is replaced (a change of what the reviewer refused, or terraform apply -replace: the gateway cannot resubmit it)")
	}
}

func (m *module) renderGatewayTemplate(name string, t client.GatewayTemplate) {
	var b fields
	b.add("tpl_text", str(string(t.TplText)))
	b.add("tpl_type", num(int64(t.TplType)))
	b.add("tpl_title", str(string(t.TplTitle)))
	optStr(&b, "remark", string(t.Remark))
	if text := string(t.SignText); text != "" {
		where := typeGatewaySMSTemplate + "." + name + ": sign_text"
		names := m.gwSigByText[text]
		switch {
		case m.opts.wants(KindGatewaySMSSignatures) && len(names) == 1:
			b.add("sign_text", ref(typeGatewaySMSSignature, names[0], "sign_text"))
		case len(names) > 1:
			why := fmt.Sprintf("%d gateway signatures carry this text", len(names))
			m.literal = append(m.literal, fmt.Sprintf("%s %q: %s", where, text, why))
			b.add("sign_text", str(text), fmt.Sprintf("%q kept literal: %s.", text, why))
		default:
			v, c := m.resolve(resolver{kind: KindGatewaySMSSignatures, typ: typeGatewaySMSSignature, noun: "gateway signature with text",
				names: func(string) (string, bool) { return "", false }}, text, str(text), where)
			b.add("sign_text", v, c...)
		}
	}
	comments := []string{gatewayState(int64(t.State))}
	m.add(KindGatewaySMSTemplates, typeGatewaySMSTemplate, name, strconv.FormatInt(t.Identifier(), 10), comments, b)
	if int64(t.State) == client.GatewayStateRejected {
		m.noteRejected(typeGatewaySMSTemplate, name, string(t.Reason), "it is replaced (a change of what the reviewer refused, or terraform apply -replace: the gateway cannot resubmit it)")
	}
}

// keyOrder returns the indices 0..n-1 in the order of key (byte order),
// equal keys in their order (by id).
func keyOrder(n int, key func(i int) string) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(key(a), key(b)) })
	return order
}
