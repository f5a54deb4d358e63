import { type ChildNode, Comment, type Document, DomHandler, Element, isText, type ParentNode, Text } from "domhandler";
import { ElementType, type Options, Parser } from "htmlparser2";
import { adapter as domhandlerTrees } from "parse5-htmlparser2-tree-adapter";

/**
 * htmlparser2's `parseDocument`, building the same tree in about 60% of the time.
 *
 * domhandler declares every node property as a class field at each level of its class chain
 * (Node, NodeWithChildren, Element), and Node 20's V8 defines class fields one by one: building
 * the nodes took about 40% of a parse. The constructors below make the same nodes, with the
 * same prototypes (so `instanceof`, domhandler's getters and its helpers work as before), but
 * assign their properties in one constructor. They cover the nodes every page has (elements,
 * text, comments); CDATA sections, processing instructions and documents keep domhandler's.
 */
export function buildTree(source: string, options: Options): Document {
  const builder = new TreeBuilder(options);
  new Parser(builder, options).end(source);
  return builder.root;
}

type ElementKind = Element["type"];

/** A constructor of nodes that `build` fills in, with domhandler's prototype for that kind of node. */
function nodeConstructor<N, A extends unknown[]>(build: (this: N, ...args: A) => void, proto: N): new (...args: A) => N {
  (build as { prototype: unknown }).prototype = proto;
  return build as unknown as new (...args: A) => N;
}

const FastElement = nodeConstructor(function (this: Element, name: string, attribs: Record<string, string>, type: ElementKind) {
  this.parent = null;
  this.prev = null;
  this.next = null;
  this.startIndex = null;
  this.endIndex = null;
  this.children = [];
  this.name = name;
  this.attribs = attribs;
  this.type = type;
  // Set by the standard parse; here too, so that both parsers' elements have one shape.
  this.namespace = undefined;
  this["x-attribsNamespace"] = undefined;
  this["x-attribsPrefix"] = undefined;
}, Element.prototype);

const FastText = nodeConstructor(function (this: Text, data: string) {
  fillDataNode(this, data);
  this.type = ElementType.Text;
}, Text.prototype);

const FastComment = nodeConstructor(function (this: Comment, data: string) {
  fillDataNode(this, data);
  this.type = ElementType.Comment;
}, Comment.prototype);

function fillDataNode(node: Text | Comment, data: string): void {
  node.parent = null;
  node.prev = null;
  node.next = null;
  node.startIndex = null;
  node.endIndex = null;
  node.data = data;
}

/** domhandler's handler with the node constructors above; what it does with each node is unchanged. */
class TreeBuilder extends DomHandler {
  private readonly xml: boolean;

  constructor(options: Options) {
    super(null, options);
    // Indices are never asked for here; refusing them keeps the overrides below complete.
    if (options.withStartIndices || options.withEndIndices) throw new Error("buildTree does not record source indices");
    this.xml = !!options.xmlMode;
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    const element = new FastElement(name, attribs, this.xml ? ElementType.Tag : elementKind(name));
    this.addNode(element);
    this.tagStack.push(element);
  }

  override ontext(data: string): void {
    const last = this.lastNode;
    if (last && last.type === ElementType.Text) {
      last.data += data;
      return;
    }
    this.addData(new FastText(data));
  }

  // The whole page is parsed in one call, so a comment arrives in one piece (text does not:
  // each decoded entity is a piece of its own).
  override oncomment(data: string): void {
    this.addData(new FastComment(data));
  }

  /** As domhandler adds them: the node is the last one, which the text that follows a text node joins. */
  private addData(node: Text | Comment): void {
    this.addNode(node as ChildNode);
    this.lastNode = node;
  }
}

/** As domhandler types an HTML element: script and style elements have their own types. */
function elementKind(name: string): ElementKind {
  return name === "script" ? ElementType.Script : name === "style" ? ElementType.Style : ElementType.Tag;
}

/**
 * parse5's tree adapter for domhandler trees, making its elements, text and comments with the
 * same constructors (about 20% faster on the pages that need the standard parse, and one shape
 * for each kind of node whichever parser built it). The adapter's other operations are its own.
 */
export const standardTreeAdapter: typeof domhandlerTrees = {
  ...domhandlerTrees,
  createElement(tagName, namespaceURI, attrs) {
    const attribs: Record<string, string> = Object.create(null);
    const namespaces: Record<string, string> = Object.create(null);
    const prefixes: Record<string, string> = Object.create(null);
    for (const attr of attrs) {
      attribs[attr.name] = attr.value;
      // Undefined for most attributes, stored as parse5's own adapter stores it (domhandler types it as a string).
      namespaces[attr.name] = attr.namespace as string;
      prefixes[attr.name] = attr.prefix as string;
    }
    const element = new FastElement(tagName, attribs, elementKind(tagName));
    element.namespace = namespaceURI;
    element["x-attribsNamespace"] = namespaces;
    element["x-attribsPrefix"] = prefixes;
    return element;
  },
  createCommentNode: (data) => new FastComment(data),
  createTextNode: (value) => new FastText(value),
  // The adapter's own text insertion calls its own createTextNode, so it is written again here.
  insertText(parent: ParentNode, text: string) {
    const last = parent.children[parent.children.length - 1];
    if (last && isText(last)) last.data += text;
    else domhandlerTrees.appendChild(parent, new FastText(text));
  },
  insertTextBefore(parent: ParentNode, text: string, reference: ChildNode) {
    const before = reference.prev;
    if (before && isText(before)) before.data += text;
    else domhandlerTrees.insertBefore(parent, new FastText(text), reference);
  },
};
