package simulator

// ReferenceState holds reference data and call records (spec §2.12, §4.7).
type ReferenceState struct {
	// TrunkCDRs are trunk call records; simulated calls (/_sim/calls) append
	// to them, and cdr/trunk/lists reads them.
	TrunkCDRs []TrunkCDR `json:"trunk_cdrs"`
}

func (x *ReferenceState) init() {}

// TrunkCDR is a trunk call record with the fields of §2.12. Times use the
// text format yyyy-mm-dd HH:ii:ss; an unset time reads as a zero date.
type TrunkCDR struct {
	VccID          int64  `json:"vcc_id"`
	VccCode        string `json:"vcc_code"`
	AgID           int64  `json:"ag_id"`
	CallID         string `json:"call_id"`
	CallType       int64  `json:"call_type"`
	CallTypeName   string `json:"call_type_name"`
	CallResult     int64  `json:"call_result"`
	CallResultName string `json:"call_result_name"`
	TrunkNum       string `json:"trunk_num"`
	UserNum        string `json:"user_num"`
	UserAreaCode   string `json:"user_area_code"`
	TimeStart      string `json:"time_start"`
	TimeRing       string `json:"time_ring"`
	TimeAnswer     string `json:"time_answer"`
	TimeConn       string `json:"time_conn"`
	TimeHangup     string `json:"time_hangup"`
	DurRing        int64  `json:"dur_ring"`
	DurRing2       int64  `json:"dur_ring2"`
	DurAnswer      int64  `json:"dur_answer"`
	DurConn        int64  `json:"dur_conn"`
	DurAll         int64  `json:"dur_all"`
	UserData       string `json:"user_data"`
}
