// Injects text at once, then fetches JSON with a cache-busting parameter.
document.getElementById("injected-here").textContent = "Text injected by a script.";
fetch("/api/data.json?_=" + Date.now())
  .then((response) => response.json())
  .then((data) => { document.getElementById("json-here").textContent = data.message; });
