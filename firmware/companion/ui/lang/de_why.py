"""Deutsch: the reasons and messages, English text or format -> the German (see
__init__.py): loaded only to word one, then dropped."""

# One text a line: the English, "|", the translation (ui/lang/__init__.py).
# A line starting with "#" is a comment.
T = """
# refusals (the core's and the UIs' reasons)
the game is over|das Spiel ist aus
the game is over: start a new game from the menu|das Spiel ist aus: ein neues im Menü starten
the game is over: MENU starts a new one|das Spiel ist aus: MENU startet ein neues
nothing to undo|nichts zurückzunehmen
cannot undo now: the saved game could not be read back|jetzt keine Rücknahme: das gespeicherte Spiel war nicht lesbar
the draw showed a card of the pile: it cannot be taken back|das Ziehen zeigte eine Karte vom Stapel: nicht zurücknehmbar
button %d does nothing in this game|Knopf %d tut in diesem Spiel nichts
button %d does nothing in %s|Knopf %d tut in %s nichts
nothing to take off at %s|auf %s ist nichts wegzunehmen
nothing to put on at %s|auf %s ist nichts aufzulegen
nothing to do on the board: it matches the game|auf dem Brett ist nichts zu tun: es passt zum Spiel
%s already holds a %s stick|auf %s liegt schon ein Stab von %s
%s already holds a %s bridge|auf %s liegt schon eine Brücke von %s
%s already holds a %s|auf %s liegt schon ein %s
the handicap allows %d sticks: press TURN to start the game|die Vorgabe erlaubt %d Stäbe: TURN startet das Spiel
%s has all %d sticks on the board|%s hat alle %d Stäbe auf dem Brett
variant 1: %s carries a %s stone|Variante 1: auf %s liegt ein Kahuna-Stein von %s
no removing during the handicap: place up to %d sticks, then press TURN|kein Entfernen während der Vorgabe: bis zu %d Stäbe legen, dann TURN
%s is empty: there is no stick to remove|%s ist leer: kein Stab zu entfernen
%s is %s's own stick: remove one of %s's|%s ist ein Stab von %s: entferne einen von %s
the handicap comes before the first turn: press TURN to start|die Vorgabe kommt vor dem ersten Zug: TURN startet
round 3 is over; these are the final turns: end them with TURN|Runde 3 ist vorbei; die letzten Züge mit TURN beenden
%s: islands only show stones; press a connection|%s: Inseln zeigen nur Kahuna-Steine; drücke eine Verbindung
%s holds no %s card|%s hat keine Inselkarte %s
the device is thinking|das Gerät denkt nach
the device's move: press the blinking %s|Zug des Geräts: drücke die blinkende %s
the device's move: press TURN|Zug des Geräts: drücke TURN
%s gave cards back face down this turn: no card may be played after that|%s hat in diesem Zug Karten verdeckt abgelegt: danach keine Karte mehr
a %s card cannot pay for %s: the card must name one of its islands|eine Karte %s bezahlt %s nicht: die Karte muss eine ihrer Inseln nennen
removing %s takes two cards of %s or %s|%s entfernen kostet zwei Karten von %s oder %s
%s does not hold those cards|%s hat diese Karten nicht
no cards during the handicap: press TURN to start|keine Karten während der Vorgabe: TURN startet
no drawing in the final turns: end the turn with TURN|kein Ziehen in den letzten Zügen: TURN beendet den Zug
%s holds %d cards: give one back face down before drawing|%s hat %d Karten: erst eine verdeckt abwerfen, dann ziehen
the pile is empty: take a face-up card|der Nachziehstapel ist leer: nimm eine offene Karte
no %s card is face up|keine Karte %s liegt offen
%s skipped drawing just before: %s must draw a card|%s zog eben nicht: %s muss eine Karte ziehen
first remove one bridge at %s (relative majority)|erst eine Brücke an %s entfernen (relative Mehrheit)
%s has all %d bridges on the board|%s hat alle %d Brücken auf dem Brett
%s is free: build there instead of exchanging|%s ist frei: dort bauen statt tauschen
%s is already %s's own bridge|%s ist schon eine Brücke von %s
%s is %s's own bridge|%s ist eine Brücke von %s
there is no bridge to choose: nobody filled an island with a relative majority|keine Brücke zu wählen: niemand hat eine Insel mit relativer Mehrheit gefüllt
%s cannot go: remove one at %s of a player with fewer bridges|%s bleibt: entferne eine an %s von jemandem mit weniger Brücken
KANE scores when it is won; it is not played|KANE zählt, wenn er gewonnen ist; er wird nicht gespielt
no god stone may be used in the last round|in der letzten Runde kein Götterstein
%s works only after the 1st scoring|%s wirkt erst nach der 1. Wertung
%s holds no unused %s stone|%s hat keinen unbenutzten Götterstein %s
passing is only for the last round; end the turn with TURN|Passen nur in der letzten Runde; TURN beendet den Zug
%s has already moved this turn: end it with TURN|%s hat schon gezogen: TURN beendet den Zug
%s may pass only while a player with more points has not had the last turn|%s darf nur passen, solange jemand mit mehr Punkten den letzten Zug nicht hatte
KANALOA: long-press the connection to build or exchange on|KANALOA: die Verbindung lange drücken, dort bauen oder tauschen
%s: press a connection; an island plays its won god stone|%s: drücke eine Verbindung; eine Insel spielt ihren gewonnenen Götterstein
first set a %s stone next to the tower on %s|erst einen Stein (%s) neben den Turm auf %s setzen
no tower stands on %s|auf %s steht kein Turm
a tower must move at least one cell|ein Turm zieht mindestens eine Mulde
%s is not on a straight line from %s|%s liegt nicht in gerader Linie von %s
the way from %s to %s is blocked at %s|der Weg von %s nach %s ist bei %s versperrt
%s is taken: a tower ends on a free cell|%s ist besetzt: ein Turm endet in einer freien Mulde
first move a tower, then set a stone next to it|erst einen Turm ziehen, dann einen Stein daneben setzen
%s is taken: a stone goes on a free cell|%s ist besetzt: ein Stein kommt in eine freie Mulde
%s is not next to the tower just moved (on %s)|%s liegt nicht neben dem gezogenen Turm (auf %s)
the tower on %s is stuck: no free cell next to it|der Turm auf %s steckt fest: keine freie Mulde daneben
press the tower to move first, then where it goes|erst den Turm drücken, dann sein Ziel
all 18 stones are placed|alle 18 Steine sind gesetzt
it is %s's turn to place|%s setzt jetzt
%s has placed that stone already|%s hat diesen Stein schon gesetzt
%s's %d is already on %s|die {1} von {0} liegt schon auf {2}
%s holds %s's %d: the two stones on a site must differ|auf {0} liegt die {2} von {1}: die zwei Steine eines Feldes müssen verschieden sein
the duels start when all 18 stones are placed (%d to go)|die Duelle beginnen, wenn alle 18 Steine gesetzt sind (noch %d)
%s may swap two stones first (or pass with TURN)|%s darf erst zwei Steine tauschen (oder TURN: passen)
%s has chosen a mask already|%s hat schon eine Maske gewählt
%s has no %s %d|auf {0} liegt keine {2} von {1}
%s holds no %s stone|auf %s liegt kein Stein von %s
%s may swap only own stones|%s darf nur eigene Steine tauschen
a swap needs two different sites|ein Tausch braucht zwei verschiedene Felder
after this swap %s would hold two %ds: the values on a site must differ|nach dem Tausch lägen auf %s zwei %d: die Werte eines Feldes müssen verschieden sein
duel: each player presses a mask key under their hood|Duell: jeder drückt verdeckt eine Maskentaste
%s places: press a site|%s setzt: drücke ein Feld
%s: the value goes in on your own mask keys|%s: den Wert auf den eigenen Maskentasten eingeben
enter the value on your mask keys (TURN: cancel)|den Wert auf den Maskentasten eingeben (TURN: abbrechen)
# the app's messages
saved again|wieder gespeichert
NOT SAVED (%s): play on from memory|NICHT GESPEICHERT (%s): weiter aus dem Speicher
waiting for the host's game|warte auf das Spiel des Gastgebers
cannot start: %s|Start nicht möglich: %s
# remote play (remote/: seat, consent, masks, protocol, games, config)
%s asks to undo: UNDO yes, TURN no|%s will zurücknehmen: UNDO ja, TURN nein
%s refused the undo|%s lehnte die Rücknahme ab
asked %s to allow the undo|%s um die Rücknahme gebeten
undo allowed: waiting for %s|Rücknahme erlaubt: warte auf %s
undo allowed|Rücknahme erlaubt
undo refused|Rücknahme abgelehnt
only your own last move can be taken back|nur der eigene letzte Zug ist zurücknehmbar
%s offline - waiting|%s nicht verbunden - warte
%s: in use elsewhere|%s: woanders in Gebrauch
no broker - retrying|kein Broker - neuer Versuch
joining the game: moves in a moment|trete dem Spiel bei: Züge gleich
joining the game|trete dem Spiel bei
%s is open on another board or page: close it there; this one tries again every %d s|%s ist auf einem anderen Brett oder einer Seite offen: dort schließen; dieses versucht es alle %d s wieder
catching up with the other board: a moment|hole das andere Brett ein: einen Moment
the game is over: a new game code starts the next (docs/remote.md)|das Spiel ist aus: ein neuer Spielcode startet das nächste (docs/remote.md)
a remote game: a new game code starts the next (docs/remote.md)|ein Fernspiel: ein neuer Spielcode startet das nächste (docs/remote.md)
%s's move: it comes from %s|Zug von %s: kommt über %s
%s's mask comes from %s|die Maske von %s kommt über %s
%s's board|Brett von %s
%s seals a mask first: yours is shown after it (a moment)|%s versiegelt zuerst eine Maske: deine wird danach gezeigt (einen Moment)
mask sealed: %s's is shown next, then yours|Maske versiegelt: die von %s wird zuerst gezeigt, dann deine
your mask is sealed: %s's comes next|deine Maske ist versiegelt: die von %s kommt als Nächstes
your mask was sealed before %s's was shown: it stays|deine Maske war versiegelt, bevor die von %s gezeigt wurde: sie bleibt
a duel's masks, once both are shown, stay (docs/remote.md)|die Masken eines Duells bleiben, sobald beide gezeigt sind (docs/remote.md)
logs differed at line %d: healed from %s's log|Protokolle ab Zeile %d verschieden: geheilt aus dem Protokoll von %s
logs differ at move %d: ours stands|Protokolle verschieden bei Zug %d: unseres bleibt
%s's mask carries no seal: %s seals first|die Maske von %s trägt kein Siegel: %s versiegelt zuerst
%s's mask does not carry this board's seal|die Maske von %s trägt nicht das Siegel dieses Bretts
%s's mask comes after %s's, which carries its seal|die Maske von %s kommt nach der von %s, die ihr Siegel trägt
%s's mask is not the one it sealed|die Maske von %s ist nicht die versiegelte
logs differ: checking|Protokolle verschieden: prüfe
the other board has another game under this code: ours stands|das andere Brett hat ein anderes Spiel unter diesem Code: unseres bleibt
the seats of %s are %s|die Plätze von %s sind %s
Kanaloa's seats are 3 or 4 colours of %s|die Plätze von Kanaloa sind 3 oder 4 Farben aus %s
no remote play for %s|kein Fernspiel für %s
/config.json: %s: no remote play (docs/remote.md)|/config.json: %s: kein Fernspiel (docs/remote.md)
a game code is 1 to %d letters, digits, '-' or '_'|ein Spielcode hat 1 bis %d Buchstaben, Ziffern, '-' oder '_'
undo|Rücknahme
set|gesetzt
mask|Maske
put|gelegt
swap|Tausch
pass|Passen
# the sensing board (app/sensing.py)
a %s stick on %s: %s to play|ein Stab von {0} auf {1}: {2} am Zug
%s: a stick moved between places is no move: put it back|%s: ein versetzter Stab ist kein Zug: zurücklegen
# the other games' sensing boards (app/sensed.py, app/sensing_rukuni.py, app/sensing_duell.py):
# whole formats, the piece in them (a translation needs its gender), before the general one below
%s: a stick put on is no move here|%s: ein aufgelegter Stab ist hier kein Zug
%s: a stick taken off is no move here|%s: ein weggenommener Stab ist hier kein Zug
%s: a bridge put on is no move here|%s: eine aufgelegte Brücke ist hier kein Zug
%s: a bridge taken off is no move here|%s: eine weggenommene Brücke ist hier kein Zug
%s: a stone put on is no move here|%s: ein aufgelegter Stein ist hier kein Zug
%s: a stone taken off is no move here|%s: ein weggenommener Stein ist hier kein Zug
%s: a bridge moved between places is no move: put it back|%s: eine versetzte Brücke ist kein Zug: zurücklegen
%s: a stone moved between cells is no move: put it back|%s: ein versetzter Stein ist kein Zug: zurücklegen
%s: a stone moved between pockets is no move: put it back|%s: ein versetzter Stein ist kein Zug: zurücklegen
%s holds a bridge already: put it back|auf %s liegt schon eine Brücke: zurücklegen
a %s stone on %s: %s to play|ein Stein von {0} auf {1}: {2} am Zug
%s holds a %s: put it back|auf %s gehört ein %s: zurücklegen
%s: first set a stone, then move a tower: put it back|%s: erst einen Stein setzen, dann einen Turm ziehen: zurückstellen
a tower on %s: lift the tower that moves first|ein Turm auf %s: erst den Turm anheben, der zieht
a tower on %s is no move now: put it back|ein Turm auf %s ist jetzt kein Zug: zurückstellen
%s: a stone put on is no move now: take it off|%s: ein aufgelegter Stein ist jetzt kein Zug: wegnehmen
a %s stone in %s's pocket of %s: put it in its own|ein Stein von {0} im Fach von {1} auf {2}: ins eigene Fach legen
%s: first enter the value of the stone on %s|%s: erst den Wert des Steins auf %s eingeben
a %s stone on %s: %s places|ein Stein von {0} auf {1}: {2} setzt
%s: no move here|%s: hier kein Zug
# saving and the saved game (app/saving.py, app/starting.py, store/)
GAME NOT SAVED for %d events (%s): a reset loses them|SPIEL NICHT GESPEICHERT für %d Ereignisse (%s): ein Reset verliert sie
flash error %s: saved game not read|Flash-Fehler %s: gespeichertes Spiel nicht gelesen
flash error %s|Flash-Fehler %s
out of memory|Speicher voll
flash full|Flash voll
saved game damaged: resumed after line %d|gespeichertes Spiel beschädigt: fortgesetzt nach Zeile %d
line %d damaged: resumed before it|Zeile %d beschädigt: fortgesetzt davor
%s: resumed after line %d|%s: fortgesetzt nach Zeile %d
%s. Whole log: %s|%s. Ganzes Protokoll: %s
lines %d to %d are missing|Zeilen %d bis %d fehlen
line %d is missing|Zeile %d fehlt
piece %s ends inside line %d|Stück %s endet in Zeile %d
piece %s holds lines %d on again, not as the piece before|Stück %s hat wieder Zeilen ab %d, anders als das Stück davor
piece %s holds more than %d KB, more than a log piece holds|Stück %s hat mehr als %d KB, mehr als ein Protokollstück hat
%s, kept as %s: new game|%s, aufbewahrt als %s: neues Spiel
%s kept as %s: start a new one|%s aufbewahrt als %s: ein neues starten
saved game not for this board|gespeichertes Spiel nicht für dieses Brett
unreadable saved game|unlesbares gespeichertes Spiel
%s (%s) set aside as %s|%s (%s) beiseitegelegt als %s
not a game log|kein Spielprotokoll
a file, not a folder|eine Datei, kein Ordner
a folder, not a file|ein Ordner, keine Datei
resumed current.jsonl; the game before it kept as %s|current.jsonl fortgesetzt; das Spiel davor aufbewahrt als %s
settings.json unreadable: the defaults|settings.json unlesbar: die Standardwerte
# the failure screen's hints (boot.py)
copy board_layouts/ to the device|board_layouts/ auf das Gerät kopieren
check it on the PC (companion layout check), copy it again|am PC prüfen (companion layout check), neu kopieren
# the moves in words (ui/words.py and the UIs' last move): also the other board's move in remote play
%s first|%s beginnt
%s put a stick on %s|%s legte einen Stab auf %s
%s took %s's %s off|%s nahm %s den Stab %s weg
%s ended the turn|%s beendete den Zug
%s; took %s|%s; gewann %s
The last move was taken back (UNDO)|Der letzte Zug wurde zurückgenommen (UNDO)
%s put a stone on %s|%s setzte einen Stein auf %s
%s put a bridge on %s|%s legte eine Brücke auf %s
%s put a marker on %s|%s legte einen Markierungsstein auf %s
%s put a %s on %s|%s legte einen %s auf %s
%s took %s off|%s nahm %s weg
%s ended the round (a scoring)|%s beendete die Runde (eine Wertung)
%s passed|%s passte
%s drew a card from the pile|%s zog eine Karte vom Nachziehstapel
%s drew the face-up %s card|%s zog die offene Karte %s
%s gave back a %s card|%s warf eine Karte %s ab
%s moved a tower from %s to %s|%s zog einen Turm von %s nach %s
%s set a stone on %s|%s setzte einen Stein auf %s
%s chose a mask|%s wählte eine Maske
%s swapped the stones on %s and %s|%s tauschte die Steine auf %s und %s
%s wins (decided by %s)|%s gewinnt (entschieden: %s)
points|Punkte
final scoring|Schlusswertung
sticks on the board|Stäbe auf dem Brett
TURN: the real board is as lit|TURN: das echte Brett ist wie beleuchtet
The time ran out|Die Zeit ist abgelaufen
%s; %s taken|%s; %s erobert
%s; %s comes off|%s; %s kommt weg
%s; %s come off|%s; %s kommen weg
%s (%s)|%s (%s)
%s exchanged the bridge on %s|%s tauschte die Brücke auf %s
%s chose %s|%s wählte %s
a mask|eine Maske
%s with the god %s|%s mit dem Götterstein %s
%s used the god %s|%s nutzte den Götterstein %s
%s moved a stone from %s to %s|%s zog einen Stein von %s nach %s
%s and %s|%s und %s
White %d - Black %d|Weiß %d - Schwarz %d
%s; %s|%s; %s
%s: %s|%s: %s
"""
