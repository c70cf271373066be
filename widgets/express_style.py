"""How the Sherlock Express table looks: a grid of four columns on a phone, seven on a
desktop, the chips, the alibi rows, the log, and what moves when it happens."""

#: How the table reflows (a grid of four columns on a phone, seven on a desktop) and moves.
STYLE = """<style>
.sk-table.sk-express { max-width: 900px; }
.sk-express .widget-html-content { line-height: 1.35; }
.sk-express .sk-title { font-size: 1.05em; margin: 2px 0; }
.sk-express .sk-seed { color: #5f5f5f; }
.sk-table.sk-express .sk-scores { display: flex; flex-wrap: wrap; gap: 4px; margin: 2px 0; overflow: visible; }
.sk-table.sk-express .sk-chip { flex: 1 1 92px; max-width: 180px; min-width: 0; margin: 0; }
.sk-express .sk-player { height: 100%; box-sizing: border-box; border: 1px solid #ddd;
  border-radius: 8px; padding: 2px 6px; font-size: 0.92em; }
.sk-express .sk-player.sk-active { background: #fff4d6; border-color: #e0b040; }
.sk-express .sk-player.sk-winner { background: #eef7ee; border-color: #8bbf8b; }
.sk-express .sk-you { font-size: 0.8em; background: #064; color: #fff; border-radius: 4px; padding: 0 4px; }
.sk-express .sk-status { min-height: 1.3em; }
.sk-express .sk-nowrap { white-space: nowrap; }
.sk-express .sk-out { color: #b00; }
.sk-express .sk-scores svg.sk-alibi-pile { width: 13px; height: auto; vertical-align: -3px; }
.sk-table.sk-express .sk-suspects { display: grid; grid-template-columns: repeat(auto-fit, minmax(72px, 1fr));
  gap: 6px; max-width: 876px; overflow: visible; margin: 4px 0; }
.sk-table.sk-express .sk-cell { overflow: visible; min-width: 0; }
.sk-express .sk-cell .widget-html { margin: 0; }
.sk-express .sk-slot { position: relative; }
.sk-express .sk-slot svg { display: block; width: 100%; height: auto; }
.sk-express .sk-empty { aspect-ratio: 110 / 160; border: 2px dashed #ccc; border-radius: 9px; }
.sk-table.sk-express .sk-cell .widget-button { width: 100%; margin: 3px 0 0 0; padding: 0 2px; }
.sk-table.sk-express .sk-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; overflow: visible;
  margin: 4px 0; }
.sk-table.sk-express .sk-reveal { width: auto; min-width: max-content; height: 40px; padding: 0 18px; font-size: 1.05em; }
.sk-table.sk-express .sk-keys { flex: 1 1 200px; width: auto; max-width: 380px; }
.sk-table.sk-express .sk-shade { width: auto; max-width: 100%; }
.sk-express .sk-message { font-size: 1.05em; min-height: 1.4em; color: #7a3e00; margin: 2px 0; }
.sk-express .sk-h { font-weight: bold; margin: 4px 0 2px; }
.sk-table.sk-express .sk-alibis-now { overflow: visible; }
.sk-express .sk-alibis-now .widget-html { margin: 0; }
.sk-express .sk-alibis { display: flex; flex-wrap: wrap; align-items: center; gap: 3px; min-height: 90px; }
.sk-express .sk-alibis .sk-who { flex: 0 0 92px; font-weight: bold; }
/* alibis and the caught card wide enough that their words stay 9.5 px high or more */
.sk-express .sk-alibis svg.sk-alibi { display: block; width: 60px; height: auto; }
.sk-express .sk-flip { display: inline-block; }
.sk-express .sk-last-round { background: #f6f3ee; border-radius: 8px; padding: 4px 8px; margin: 6px 0; }
.sk-express .sk-proof { display: flex; flex-wrap: wrap; align-items: center; gap: 3px; margin-top: 2px; }
.sk-express .sk-proof svg.sk-alibi { width: 60px; height: auto; }
.sk-express .sk-proof svg.sk-caught { width: 106px; height: auto; }
.sk-express .sk-arrow { margin: 0 4px; font-size: 1.2em; }
.sk-express .sk-log-title { display: block; margin-top: 6px; }
.sk-table.sk-express .sk-log { overflow: visible; }
.sk-express .sk-log .widget-html { margin: 0; }
.sk-express .sk-line summary { cursor: pointer; }
.sk-express .sk-detail { margin: 0 0 4px 18px; color: #555; font-size: 0.92em; }
.sk-table.sk-express .sk-settings-row { display: flex; flex-wrap: wrap; gap: 4px; overflow: visible; }
.sk-express .sk-settings-row > *, .sk-express .sk-seed-box { max-width: 100%; }
.sk-table.sk-express .widget-textarea { max-width: calc(100% - 4px); }
@media (max-width: 600px) {
  .sk-table.sk-express .sk-keys { display: none; }
  /* three cards a row: each card's words stay at least 10 px high on a phone */
  .sk-table.sk-express .sk-suspects { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .sk-express .sk-alibis .sk-who { flex-basis: 72px; }
}
@keyframes sk-flip { from { transform: perspective(300px) rotateY(90deg); } to { transform: none; } }
@keyframes sk-deal { from { transform: translateY(-12px) scale(0.92); opacity: 0; } to { transform: none; opacity: 1; } }
@keyframes sk-leave { from { transform: none; opacity: 1; } to { transform: translateY(-28px) scale(0.8) rotate(-6deg); opacity: 0; } }
@keyframes sk-pop { 50% { transform: scale(1.6); } }
@keyframes sk-shake { 25% { transform: translateX(-4px); } 75% { transform: translateX(4px); } }
@keyframes sk-fade { from { opacity: 0; transform: translateY(6px); } to { opacity: 1; transform: none; } }
.sk-express .sk-flip-new { animation: sk-flip 350ms ease-out; }
.sk-express .sk-dealt { animation: sk-deal 300ms ease-out 100ms both; }
.sk-express .sk-leaving { position: absolute; inset: 0; opacity: 0; pointer-events: none; animation: sk-leave 400ms ease-in; }
.sk-express .sk-score.sk-new { display: inline-block; animation: sk-pop 400ms ease-out; }
.sk-express .sk-player.sk-new-out { animation: sk-shake 300ms ease-in-out; }
.sk-express .sk-last-round.sk-new, .sk-express .sk-line .sk-new { animation: sk-fade 300ms ease-out; }
</style>"""
