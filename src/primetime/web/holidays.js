/* Holidays (accounts): the days you will be away, set in advance.  While one lasts your clocks at
   turn-based tables stand still and no turn mail or notification is sent to you (you are told once it
   is over).  Used by the lobby's Preferences: PTHolidays.fields(). */
"use strict";

window.PTHolidays = (() => {
  const h = PT.h;

  function isoDay(d) {
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  }

  function item(hol, redraw, note) {
    const days = hol.first_day === hol.last_day ? hol.first_day : `${hol.first_day} to ${hol.last_day}`;
    const btn = h("button", { class: "small", type: "button", dataset: { holiday: hol.id } }, hol.now ? "End it now" : "Remove");
    btn.addEventListener("click", async () => {
      note.textContent = "";
      try { redraw(await PT.api(`/api/me/holidays/${hol.id}`, {}, "DELETE")); } catch (e) { note.textContent = e.message; }
    });
    return h("li", { dataset: { holiday: hol.id } }, h("span", { class: "grow" }, days, hol.now ? h("b", {}, " (under way)") : ""), btn);
  }

  /** The section: filled in once the holidays are read (guests: a line saying accounts can have them). */
  function fields() {
    const box = h("div", { class: "field", id: "holidays" }, h("h3", {}, "Holidays"));
    const note = h("div", { class: "muted", id: "holiday-note", role: "status" });
    PT.api("/api/me/holidays").then((got) => {
      const list = h("ul", { class: "table-list", id: "holiday-list" });
      const today = isoDay(new Date());
      const first = h("input", { type: "date", id: "holiday-first", min: today, value: today, "aria-label": "First day away" });
      const last = h("input", { type: "date", id: "holiday-last", min: today, value: today, "aria-label": "Last day away" });
      const add = h("button", { class: "small", id: "holiday-add", type: "button" }, "Set holiday");
      const redraw = (data) => {
        list.replaceChildren(...data.holidays.map((hol) => item(hol, redraw, note)));
        if (!data.holidays.length) list.append(h("li", { class: "muted" }, "No holidays set."));
      };
      add.addEventListener("click", async () => {
        note.textContent = "";
        try {
          const lastDay = last.value || first.value;
          const after = new Date(`${lastDay}T00:00`);
          after.setDate(after.getDate() + 1); // the midnight that ends the last day, in this calendar
          redraw(await PT.api("/api/me/holidays", { first_day: first.value, last_day: lastDay,
            tz_offset: new Date(`${first.value}T00:00`).getTimezoneOffset() || 0, tz_offset_end: after.getTimezoneOffset() || 0 }));
          note.textContent = "Holiday set: your turn-based clocks stand still on those days.";
        } catch (e) { note.textContent = e.message; }
      });
      redraw(got);
      const lim = got.limits;
      box.append(h("div", { class: "muted" }, "While you are on holiday your clocks at turn-based tables stand still, and no turn mail or " +
        `notification is sent to you (you are told once it is over). Set them in advance: from today, at most ${lim.max_days} days each, ` +
        `${lim.ahead_days} days in all at once.`),
      list, h("div", { class: "row" }, h("label", { for: "holiday-first" }, "From"), first, h("label", { for: "holiday-last" }, "to"), last, add));
      box.append(note);
    }).catch(() => {
      box.append(h("div", { class: "muted" }, "With an account you can set holidays: your turn-based clocks stand still while you are away."));
    });
    return box;
  }

  return { fields };
})();
