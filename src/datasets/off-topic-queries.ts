/**
 * Everyday questions no software documentation answers, in the three styles readers type (full
 * questions, a few keywords, a problem described): calibration's off-topic negatives
 * (cli/calibrate.ts). A site's own withheld pages (the withholding protocol) give negatives that
 * share the docs' vocabulary; a reader's off-topic question does not, and without examples of it
 * a fit cannot learn what a word the docs never mention (signals.ts `known`) says.
 *
 * Written for recall-box, independently of the reader question sets in bench/queries (none is
 * taken from them). English only: on a site in another language every word of them is unknown,
 * which is what an off-topic question there looks like too.
 */
export const OFF_TOPIC_QUERIES: readonly string[] = Object.freeze([
  // Questions
  'how long should i boil an egg for a runny yolk',
  'what is the capital of australia',
  'how do i get red wine out of a carpet',
  'when should i repot a fiddle leaf fig',
  'how many calories does a banana have',
  'what time does the sun set in oslo in december',
  'how do i teach my puppy to stop biting',
  'why does my sourdough starter smell like nail polish',
  'how do i change a flat tyre on a bicycle',
  'what is the best age to start piano lessons',
  'how much should i tip a taxi driver in new york',
  'who painted the ceiling of the sistine chapel',
  'how do i unclog a bathroom sink without chemicals',
  'is it safe to eat raw cookie dough',
  'how often should i water succulents in winter',
  'what vaccines does a kitten need',
  'how do i fold a fitted bed sheet',
  'what are the rules of cricket for beginners',
  'how do i lower my electricity bill in summer',
  'which wine goes well with grilled salmon',
  // Keywords
  'cheap flights lisbon',
  'banana bread recipe',
  'marathon training plan',
  'tomato plant yellow leaves',
  'mortgage interest rates',
  'knitting scarf pattern',
  'hiking boots waterproof',
  'chess opening traps',
  'vegan lasagna',
  'yoga lower back pain',
  'world cup winners list',
  'passport renewal form',
  'guitar chords wonderwall',
  'wedding speech ideas',
  'camping tent four person',
  'lactose intolerance symptoms',
  'ski resorts in the alps',
  'houseplants low light',
  'oil change interval',
  'birthday cake decorating',
  // Problems
  'my dishwasher leaves white spots on glasses',
  'the baby wakes up every two hours at night',
  'my car makes a squeaking noise when braking',
  'my cat keeps scratching the sofa',
  'the washing machine smells musty',
  'my knee hurts after running downhill',
  'bread comes out dense and flat',
  'my basil keeps wilting on the windowsill',
  'the smoke alarm chirps every minute',
  'my phone battery drains overnight',
  'the fridge is freezing the vegetables',
  'my roses have black spots on the leaves',
  'ice forms on the inside of the windows',
  'my dog is scared of fireworks',
  'the shower drain is slow',
  'my sunburn is peeling',
  'the paint on the wall is bubbling',
  'my hiccups will not stop',
  'the bike chain keeps falling off',
  'jet lag after flying east',
]);
