// The join page: the room's code (from the QR code's link, or typed) and a first name; the
// room answers with this device's token, kept in localStorage so that the device comes back
// to the same place after a dropped connection or a closed lid. Texts go in as textContent.
const KEY = "goatwidgets-room";
const form = document.getElementById("join");
const code = document.getElementById("code");
const name = document.getElementById("name");
const problem = document.getElementById("problem");
const params = new URLSearchParams(location.search);
code.value = (params.get("code") || "").slice(0, 12);
(code.value ? name : code).focus();
if (params.get("again")) say("This device left the room (or the room was opened again): join with the code on the board.");

function say(text) {
  problem.textContent = text;
  problem.hidden = !text;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  say("");
  const button = form.querySelector("button");
  button.disabled = true;
  try {
    const reply = await fetch(new URL("join", location.href), {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: code.value, name: name.value }),
    });
    const data = await reply.json().catch(() => ({}));
    if (!reply.ok) {
      say(data.error ? `${data.error[0].toUpperCase()}${data.error.slice(1)}.` : `The room said no (${reply.status}).`);
      return;
    }
    localStorage.setItem(KEY, JSON.stringify({ token: data.token, name: data.name, room: location.host + location.pathname }));
    location.assign(new URL("play", location.href));
  } catch {
    say("The room can't be reached: check the Wi-Fi and the address on the board.");
  } finally {
    button.disabled = false;
  }
});
