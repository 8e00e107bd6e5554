"""Deutsch: the simulator page's words, English text or format -> the German (see
__init__.py): only the page loads them, never a board."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# the review's formats that more general ones would take
%d moves rated, %d blunders, %d doubtful, %d points given away in all.|%d Züge bewertet, %d Patzer, %d zweifelhaft, insgesamt %d Punkte verschenkt.
Round %d (final turns), %s to play|Runde %d (letzte Züge), %s am Zug
Cards: pile %d · discard %d (top %s)|Karten: Stapel %d · Ablage %d (oben %s)
early end: %s has no stick left|vorzeitiges Ende: %s hat keinen Stab mehr
Cards: pile %d · discard %d|Karten: Stapel %d · Ablage %d
%s: nobody (equal stones)|%s: niemand (gleich viele Steine)
better: %s, %d better|besser: %s, um %d besser
Round %d, %s to play|Runde %d, %s am Zug
The game's log: %s|Das Protokoll des Spiels: %s
best %s (%d better)|am besten: %s (um %d besser)
on points (%s)|nach Punkten (%s)
Take off: %s|Wegnehmen: %s
Face up: %s|Offen: %s
%s: not yet|%s: noch nicht
Review: %s|Auswertung: %s
better: %s|besser: %s
Winner: %s|Sieger: %s
Put on: %s|Auflegen: %s
move %d: %s|Zug %d: %s
%s (free)|%s (frei)
%s: %s +%d|%s: %s +%d
# the page: whose turn, the score, an element's name
%s to play: handicap sticks|%s am Zug: Vorgabe-Stäbe
%s to play: a last turn|%s am Zug: letzter Zug
White %d – Black %d|Weiß %d – Schwarz %d
%s, game over: %s|%s, Spielende: %s
%s, last turns|%s, letzte Züge
%s to play, round %d|%s am Zug, Runde %d
%s, round %d|%s, Runde %d
Game over: %s|Spielende: %s
%s to set a stone|%s setzt einen Stein
%s to move a tower|%s zieht einen Turm
Migis: Bison %d, Wolf %d|Migis: Bison %d, Wolf %d
%s: put a bridge on|%s: eine Brücke auflegen
%s: put a marker on|%s: einen Markierungsstein auflegen
%s: put a %s on|%s: %s auflegen
%s: %s, take off|%s: %s, wegnehmen
New game: %s|Neues Spiel: %s
Points: White %d, Black %d|Punkte: Weiß %d, Schwarz %d
Points: %s|Punkte: %s
Points after move %d: %s|Punkte nach Zug %d: %s
%s group of %d at %s: %d tower, %d points|%s Gruppe aus %d bei %s: %d Turm, %d Punkte
%s group of %d at %s: %d towers, %d points|%s Gruppe aus %d bei %s: %d Türme, %d Punkte
%s: taken off the real board|%s: vom echten Brett genommen
%s: put on the real board|%s: auf das echte Brett gelegt
Last: %s|Zuletzt: %s
TURN counted as done on the real board: %s|TURN zählte als erledigt auf dem echten Brett: %s
covered: %s opens it while the other player looks away|verdeckt: %s öffnet es, während die andere Person wegschaut
history: the game after event %s|Verlauf: das Spiel nach Ereignis %s
Board check %d of %d: %s as lit? Fix the board or the game; TURN: next, UNDO: stop|Brettprüfung %d von %d: %s wie beleuchtet? Brett oder Spiel berichtigen; TURN: weiter, UNDO: Ende
%s, free to place again|%s, frei zum erneuten Legen
%s, refused|%s, abgelehnt
%s, picked|%s, gewählt
cell %s|Mulde %s
row %s|Reihe %s
Menu: MENU = next line, TURN = change, UNDO = back|Menü: MENU = nächste Zeile, TURN = ändern, UNDO = zurück
take the bridge off %s|nimm die Brücke von %s
take the marker off %s|nimm den Markierungsstein von %s
take the %s off %s|nimm den %s von %s
put a bridge on %s|lege eine Brücke auf %s
put a marker on %s|lege einen Markierungsstein auf %s
put a %s on %s|lege einen %s auf %s
# the page: the moves in words (the rest in de_why.py)
%s won by %s|%s gewonnen von %s
%s, %s played by the device|%s, %s spielt das Gerät
%s, variants %s|%s, Varianten %s
# the page's own words (host_tools/sim/page: index.html, sim.js)
Companion simulator|Companion-Simulator
Skip to the board|Zum Spielbrett springen
Game|Spiel
Names on the board|Namen auf dem Brett
Solo vs device|Solo gegen das Gerät
loading MicroPython…|MicroPython lädt…
the companion's display and buttons|Anzeige und Tasten des Companion
display|Anzeige
control buttons|Steuertasten
board|Brett
This game goes on in another tab|Dieses Spiel läuft in einem anderen Tab weiter
Another tab or window of this browser plays this board: it has saved a newer game, or opened this seat of a remote game. This tab has stopped, so that nothing done here can overwrite it.|Ein anderer Tab oder ein anderes Fenster dieses Browsers spielt dieses Brett: er hat ein neueres Spiel gespeichert oder diesen Platz eines Fernspiels geöffnet. Dieser Tab hat angehalten, damit hier nichts davon überschrieben wird.
Play here|Hier spielen
the game board|das Spielbrett
each player's secret keys|die geheimen Tasten jedes Spielers
each player's hand of cards|die Handkarten jedes Spielers
Click an element to press its button; hold it for a long press. A blinking element asks for a change on the board (slow: put something on, fast: take it off): click it when done.|Ein Element anklicken drückt seine Taste; gedrückt halten für einen langen Druck. Ein blinkendes Element verlangt eine Änderung auf dem Brett (langsam: etwas auflegen, schnell: etwas wegnehmen): danach anklicken.
the game in words|das Spiel in Worten
The menu, as on the display (its choices are for the next New game):|Das Menü wie auf der Anzeige (die Wahl gilt für das nächste Neue Spiel):
Still to do on the real board|Noch auf dem echten Brett zu tun
Press each element when it is done.|Jedes Element drücken, wenn es erledigt ist.
TURN counts all of them as done|TURN zählt alle als erledigt
(and ends the turn).|(und beendet den Zug).
Result|Ergebnis
Review this game|Dieses Spiel auswerten
The device opponent rates every move, in a new tab.|Der Gerätegegner bewertet jeden Zug, in einem neuen Tab.
Moves (|Züge (
the moves in words|die Züge in Worten
What the lights mean|Was die Lichter bedeuten
Keys:|Tasten:
reaches the board, the arrow keys move across it,|erreicht das Brett, die Pfeiltasten bewegen sich darauf,
press the one in focus (hold the key, or press|drücken das gewählte Element (Taste halten oder
, for a long press);| drücken für einen langen Druck);
MENU (and|MENU (und
UNDO when no board element has the focus).|UNDO, wenn kein Brettelement gewählt ist).
game files|Spieldateien
Game file|Spieldatei
Download log|Protokoll herunterladen
Load log…|Protokoll laden…
History|Verlauf
Back to the game|Zurück zum Spiel
Continue from here|Von hier weiterspielen
UNDO took the move back: click each marked piece to lift it off (or put it back), then play on. TURN would count them as done and end the turn.|UNDO hat den Zug zurückgenommen: jedes markierte Teil anklicken, um es wegzunehmen (oder zurückzulegen), dann weiterspielen. TURN würde sie als erledigt zählen und den Zug beenden.
%s's hand|Hand von %s
%s's secret keys|Geheime Tasten von %s
%s's hood|Sichtschutz von %s
 (or types %s unseen)| (oder tippt %s ungesehen)
(no cards)|(keine Karten)
card|Karte
Show|Zeigen
Hide|Verbergen
Earlier games: |Frühere Spiele: 
event %s of %s|Ereignis %s von %s
no game yet|noch kein Spiel
The previous game is saved as %s under “Earlier games”.|Das vorige Spiel ist als %s unter „Frühere Spiele“ gespeichert.
viewing the history: press “Back to the game” to play|Verlauf: „Zurück zum Spiel“ drücken, um zu spielen
running: saved again|läuft: wieder gespeichert
running|läuft
no game yet: start one from the menu|noch kein Spiel: eines im Menü starten
steady: on the board|ruhig: auf dem Brett
slow blink: put it on the board|langsam blinkend: auf das Brett legen
fast blink: take it off the board|schnell blinkend: vom Brett nehmen
breathing: a hint, nothing required|atmend: ein Hinweis, nichts nötig
red flash: press refused|rot aufblitzend: Druck abgelehnt
dark blips: the player's signature|dunkle Blitze: das Zeichen des Spielers
After a restart: does the real board match the saved game? MENU walks it step by step, lighting what should stand there; any other press plays on|Nach einem Neustart: passt das echte Brett zum gespeicherten Spiel? MENU geht es Schritt für Schritt durch und leuchtet, was dort stehen sollte; jeder andere Druck spielt weiter
Board check %d of %d|Brettprüfung %d von %d
%s, paid with the card %s|%s, bezahlt mit der Karte %s
%s, paid with %s|%s, bezahlt mit %s
%s, %s|%s, %s
# a bridge, a marker: their articles
# the sensing board's differences on the page (app/sensing.py Sensing.words)
take it off %s|nimm ihn von %s
put it back on %s|leg ihn zurück auf %s
# the board's labels (board.js)
hood|Sichtschutz
key %s|Taste %s
# the review (host_tools/review.py, review_page.py, draw/board.py: `companion review --lang de`)
The moves that decided the game|Die Züge, die das Spiel entschieden
No move gave anything away by the device's judgement.|Nach dem Urteil des Geräts verschenkte kein Zug etwas.
The game, move by move|Das Spiel, Zug für Zug
Tap a move to see the board after it. Swing: what the move changed in the mover's evaluation (an island won is 100); better: the best move found there and how much better it was. Blunder: 100 or more given away; doubtful: 40 or more.|Einen Zug antippen zeigt das Brett danach. Ausschlag: was der Zug an der Bewertung des Ziehenden änderte (eine gewonnene Insel ist 100); besser: der beste dort gefundene Zug und um wie viel er besser war. Patzer: 100 oder mehr verschenkt; zweifelhaft: 40 oder mehr.
Digital deck: the review knows both hands from the log's deck, so each move is compared with the moves that player's cards could pay for; the device's plan for each turn is shown.|Digitales Kartendeck: die Auswertung kennt beide Hände aus dem Deck des Protokolls, also wird jeder Zug mit den Zügen verglichen, die die Karten dieser Person bezahlen konnten; der Plan des Geräts für jeden Zug wird gezeigt.
Physical cards: the log does not say which cards anybody held, so each stick is compared with every stick the rules allow there, as if the player could pay for any; the review cannot tell whether the best move was affordable. Cards are not rated.|Echte Karten: das Protokoll sagt nicht, wer welche Karten hielt, also wird jeder Stab mit jedem Stab verglichen, den die Regeln dort erlauben, als könnte die Person jeden bezahlen; die Auswertung weiß nicht, ob der beste Zug bezahlbar war. Karten werden nicht bewertet.
evaluation over the game|Bewertung im Lauf des Spiels
white ahead|Weiß vorn
black ahead|Schwarz vorn
swing|Ausschlag
BLUNDER|PATZER
DOUBTFUL|ZWEIFELHAFT
draw from the pile|vom Nachziehstapel ziehen
end turn|Zugende
end round|Rundenende
took off|weggenommen
put on|aufgelegt
to take off|wegnehmen
to put on|auflegen
1st scoring|1. Wertung
2nd scoring|2. Wertung
more points in the final scoring|mehr Punkte in der Schlusswertung
points and final scoring tied;|Punkte und Schlusswertung gleich;
tie-break: more sticks on the board|entscheidend: mehr Stäbe auf dem Brett
Draw: points, final scoring and|Unentschieden: Punkte, Schlusswertung
sticks on the board all tied|und Stäbe auf dem Brett gleich
No review|Keine Auswertung
points tied %s; tie-break:|Punkte gleich %s; entscheidend:
review written to %s|Auswertung geschrieben: %s
before move %d|vor Zug %d
Review of %s|Auswertung von %s
give back %s|Karte %s abwerfen
take off %s|Stab weg von %s
put on %s|Stab auf %s
%s takes %s|%s erobert %s
%s loses %s|%s verliert %s
%d points|%d Punkte
%d stones|%d Steine
%d sticks|%d Stäbe
%s · %s · %s|%s · %s · %s
%d point|%d Punkt
%d stone|%d Stein
%d stick|%d Stab
move %d|Zug %d
draw %s|Karte %s ziehen
"""
